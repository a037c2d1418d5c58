//! Colours: sRGB values kept as floats, with mixing, darkening, lightening and hue rotation.

use std::fmt;

/// An sRGB colour with channels in 0..=255, kept as floats so mixing stays smooth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rgb(f32, f32, f32);

impl Rgb {
    pub(crate) const fn hex(v: u32) -> Self {
        Rgb(((v >> 16) & 0xff) as f32, ((v >> 8) & 0xff) as f32, (v & 0xff) as f32)
    }

    pub(crate) fn mix(self, other: Rgb, t: f32) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        Rgb(
            self.0 + (other.0 - self.0) * t,
            self.1 + (other.1 - self.1) * t,
            self.2 + (other.2 - self.2) * t,
        )
    }

    pub(crate) fn darken(self, t: f32) -> Rgb {
        self.mix(Rgb(0.0, 0.0, 0.0), t)
    }

    pub(crate) fn lighten(self, t: f32) -> Rgb {
        self.mix(Rgb(255.0, 255.0, 255.0), t)
    }

    /// Rotates the hue (the standard luminance-preserving matrix, as in feColorMatrix).
    pub(crate) fn hue_rotate(self, degrees: f32) -> Rgb {
        let (s, c) = degrees.to_radians().sin_cos();
        let Rgb(r, g, b) = self;
        let ch = |a: [f32; 3]| (r * a[0] + g * a[1] + b * a[2]).clamp(0.0, 255.0);
        Rgb(
            ch([
                0.213 + c * 0.787 - s * 0.213,
                0.715 - c * 0.715 - s * 0.715,
                0.072 - c * 0.072 + s * 0.928,
            ]),
            ch([
                0.213 - c * 0.213 + s * 0.143,
                0.715 + c * 0.285 + s * 0.140,
                0.072 - c * 0.072 - s * 0.283,
            ]),
            ch([
                0.213 - c * 0.213 - s * 0.787,
                0.715 - c * 0.715 + s * 0.715,
                0.072 + c * 0.928 + s * 0.072,
            ]),
        )
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |v: f32| v.round().clamp(0.0, 255.0) as u8;
        write!(f, "#{:02x}{:02x}{:02x}", c(self.0), c(self.1), c(self.2))
    }
}
