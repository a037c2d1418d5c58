//! Light: the time of day sets the sky and tints everything under it.

use crate::colour::Rgb;
use crate::path::P;
use crate::rng::Rng;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Time {
    Dawn,
    Day,
    Golden,
    Dusk,
}

/// The light of one picture: sky colours and how it tints and fades what it falls on.
pub(crate) struct Light {
    pub(crate) time: Time,
    /// Zenith to horizon.
    pub(crate) sky: [Rgb; 4],
    pub(crate) sun: Rgb,
    pub(crate) sun_at: P,
    /// What far things fade into (atmospheric perspective).
    pub(crate) haze: Rgb,
    /// The cast of the light on lit surfaces, and how strong it is.
    tint: Rgb,
    tint_amount: f32,
    /// The colour shadows lean towards.
    pub(crate) shade: Rgb,
    pub(crate) snow: Rgb,
    pub(crate) snow_shade: Rgb,
    /// True when the sun is on the left, so faces turned left are the lit ones.
    pub(crate) sun_left: bool,
}

impl Light {
    /// A light for one of `times` (picked by the seed), with the sun somewhere above `horizon`.
    pub(crate) fn pick(rng: &mut Rng, times: &[Time], w: f32, horizon: f32) -> Light {
        let time = rng.pick(times);
        let hex = |v: [u32; 4]| v.map(Rgb::hex);
        let (sky, sun, haze, tint, tint_amount, shade, snow, snow_shade, sun_y) = match time {
            Time::Dawn => (
                hex([0x27315f, 0x6d5f9e, 0xe8969f, 0xffcf9e]),
                0xfff0c8,
                0xc4a3c4,
                0xff8fa8,
                0.14,
                0x3b3a78,
                0xffcfc2,
                0x9492c8,
                rng.range(0.82, 1.0),
            ),
            Time::Day => (
                hex([0x2c6cc0, 0x5898dd, 0x98c7ee, 0xdaedfb]),
                0xfffdf2,
                0xc3dbee,
                0xfff3d6,
                0.06,
                0x34507e,
                0xffffff,
                0xb3c4e6,
                rng.range(0.12, 0.35),
            ),
            Time::Golden => (
                hex([0x4a67a3, 0x9d95b8, 0xf3b982, 0xffdb96]),
                0xfff2c4,
                0xf0c69c,
                0xffab55,
                0.13,
                0x57467a,
                0xffe5bd,
                0xa79cc6,
                rng.range(0.55, 0.85),
            ),
            Time::Dusk => (
                hex([0x1d2150, 0x503c7c, 0xc5647b, 0xf99f6c]),
                0xffc983,
                0xa3708f,
                0xff7b5c,
                0.16,
                0x2d2552,
                0xf6baa6,
                0x7470a2,
                rng.range(0.85, 1.0),
            ),
        };
        // A small hue drift keeps two pictures at the same hour from matching exactly.
        let drift = rng.range(-9.0, 9.0);
        let c = |v: u32| Rgb::hex(v).hue_rotate(drift);
        let sun_left = rng.chance(0.5);
        let sun_x = if sun_left { rng.range(0.12, 0.4) } else { rng.range(0.6, 0.88) } * w;
        Light {
            time,
            sky: sky.map(|s| s.hue_rotate(drift)),
            sun: c(sun),
            sun_at: (sun_x, horizon * sun_y),
            haze: c(haze),
            tint: c(tint),
            tint_amount,
            shade: c(shade),
            snow: c(snow),
            snow_shade: c(snow_shade),
            sun_left,
        }
    }

    /// The same light with every colour's hue turned by `degrees`.
    pub(crate) fn hue_shifted(self, degrees: f32) -> Light {
        let turn = |c: Rgb| c.hue_rotate(degrees);
        Light {
            sky: self.sky.map(turn),
            sun: turn(self.sun),
            haze: turn(self.haze),
            tint: turn(self.tint),
            shade: turn(self.shade),
            snow: turn(self.snow),
            snow_shade: turn(self.snow_shade),
            ..self
        }
    }

    /// `colour` as it looks in this light.
    pub(crate) fn lit(&self, colour: Rgb) -> Rgb {
        colour.mix(self.tint, self.tint_amount)
    }

    /// `colour` in this light, `depth` (0 near .. 1 gone) of the way into the haze.
    pub(crate) fn far(&self, colour: Rgb, depth: f32) -> Rgb {
        self.lit(colour).mix(self.haze, depth)
    }

    /// The shaded side of a surface of `colour`.
    pub(crate) fn shaded(&self, colour: Rgb) -> Rgb {
        colour.mix(self.shade, 0.3).darken(0.15)
    }

    /// Sunlit and shaded versions of `colour`, in the order (left face, right face).
    pub(crate) fn faces(&self, colour: Rgb) -> (Rgb, Rgb) {
        let (lit, shaded) = (self.lit(colour), self.shaded(colour));
        if self.sun_left { (lit, shaded) } else { (shaded, lit) }
    }
}
