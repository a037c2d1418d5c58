//! Illustrated portraits: the random choices that make up a person, where the face sits on
//! the canvas, the backdrop, and the order the parts are drawn in. The parts themselves are
//! in `hair`, `body` and `face`.

mod body;
mod face;
mod hair;

use std::fmt::Write as _;

use crate::FACE_VIEW;
use crate::colour::Rgb;
use crate::rng::Rng;
use crate::svg::Svg;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hair {
    Short,
    SidePart,
    Buzz,
    Bald,
    Long,
    Ponytail,
    Bun,
    Braids,
    Curly,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hat {
    /// The Nepali dhaka topi, woven in bright geometric patterns.
    Topi,
    Beanie,
    /// A wide-brimmed trekking hat.
    Brimmed,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Beard {
    Stubble,
    Full,
    Moustache,
    Goatee,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outfit {
    Tee,
    VNeck,
    Collar,
    Fleece,
    /// A daura (cross-fastened tunic) under a waistcoat.
    Daura,
    Hoodie,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Eyes {
    Dots,
    Almond,
    /// Closed in a laugh.
    Happy,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Nose {
    Hook,
    Button,
    Shadow,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mouth {
    Smile,
    Grin,
    Lips,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Backdrop {
    Plain,
    Gradient,
    Disc,
    Hills,
}

/// Mostly South Asian and Himalayan tones, from fair to deep brown.
const SKINS: [u32; 12] = [
    0xf5d5b8, 0xefc6a0, 0xe4b48c, 0xd9a57c, 0xcd966b, 0xc08660, 0xb07650, 0x9c6644, 0x87573a,
    0x6f452d, 0xf0c8a8, 0xe8b898,
];

const DARK_HAIR: [u32; 6] = [0x1d1716, 0x1d1716, 0x2a1e1a, 0x3b2a21, 0x4e3526, 0x6b4a33];

const GREY_HAIR: [u32; 3] = [0xa19c99, 0xd6d1cb, 0x7d7876];

const CLOTHES: [u32; 16] = [
    0x2f6fb0, 0xe07a3f, 0x3aa17e, 0xc0392b, 0xf2b134, 0x6c5ce7, 0x2d3436, 0x8e44ad, 0x16a085,
    0xd35400, 0x1e3a5f, 0xe84393, 0x27ae60, 0xf5f0e6, 0x7f8c8d, 0x9b2c2c,
];

const BACKDROPS: [u32; 10] = [
    0xfde2c7, 0xd6ecf3, 0xe3f1d9, 0xf9e0e8, 0xe8e1f5, 0xfff1c1, 0xd9ecea, 0xf2e6d9, 0xcfe3f7,
    0xf7d9c4,
];

/// One illustrated person: the choices that make a face recognisable.
pub(crate) struct Person {
    skin: Rgb,
    hair_colour: Rgb,
    hair: Hair,
    hat: Option<Hat>,
    beard: Option<Beard>,
    glasses: Option<Rgb>,
    outfit: Outfit,
    cloth: Rgb,
    accent: Rgb,
    khata: bool,
    backdrop: Backdrop,
    bg: [Rgb; 2],
    /// Half the face's width; every feature is measured in it.
    a: f32,
    /// How far the chin is below the eyes' line, in `a`.
    chin: f32,
    /// How pointed the jaw is (smaller is narrower).
    jaw: f32,
    eyes: Eyes,
    iris: Rgb,
    nose: Nose,
    mouth: Mouth,
    lip_colour: Rgb,
    brow: f32,
    /// How much the brows arch (0 is straight).
    arch: f32,
    blush: f32,
    tika: bool,
    nose_stud: bool,
    earrings: bool,
    elder: bool,
}

/// Where the face is centred on the portrait canvas.
const CX: f32 = 500.0;

const CY: f32 = 425.0;

impl Person {
    pub(crate) fn random(rng: &mut Rng) -> Person {
        let feminine = rng.chance(0.5);
        let elder = rng.chance(0.15);
        let hair_colour = Rgb::hex(if elder { rng.pick(&GREY_HAIR) } else { rng.pick(&DARK_HAIR) });
        let mut hair = if feminine {
            rng.pick(&[
                Hair::Long,
                Hair::Long,
                Hair::Ponytail,
                Hair::Bun,
                Hair::Braids,
                Hair::Curly,
                Hair::Short,
            ])
        } else {
            rng.pick(&[
                Hair::Short,
                Hair::Short,
                Hair::SidePart,
                Hair::SidePart,
                Hair::Buzz,
                Hair::Curly,
                Hair::Ponytail,
            ])
        };
        if elder {
            hair = if feminine {
                rng.pick(&[Hair::Bun, Hair::Bun, Hair::Short, Hair::Ponytail])
            } else if rng.chance(0.4) {
                Hair::Bald
            } else {
                hair
            };
        }
        let hat = if rng.chance(0.3) {
            Some(if feminine {
                rng.pick(&[Hat::Beanie, Hat::Brimmed])
            } else {
                rng.pick(&[Hat::Topi, Hat::Topi, Hat::Beanie, Hat::Brimmed])
            })
        } else {
            None
        };
        // Hats sit on pulled-back or short hair.
        if hat.is_some() {
            hair = match hair {
                Hair::Bun | Hair::Curly => {
                    if feminine {
                        Hair::Ponytail
                    } else {
                        Hair::Short
                    }
                }
                other => other,
            };
        }
        let beard = (!feminine && rng.chance(0.45))
            .then(|| rng.pick(&[Beard::Stubble, Beard::Full, Beard::Moustache, Beard::Goatee]));
        let glasses = rng
            .chance(if elder { 0.55 } else { 0.22 })
            .then(|| Rgb::hex(rng.pick(&[0x222222, 0x5a3a22, 0xb8860b, 0x2f4f6f, 0x8b2e2e])));
        let outfit = if hat == Some(Hat::Topi) && rng.chance(0.6) {
            Outfit::Daura
        } else {
            rng.pick(&[
                Outfit::Tee,
                Outfit::VNeck,
                Outfit::Collar,
                Outfit::Fleece,
                Outfit::Hoodie,
                Outfit::Daura,
            ])
        };
        let bg0 = Rgb::hex(rng.pick(&BACKDROPS));
        let bg1 = Rgb::hex(rng.pick(&BACKDROPS));
        Person {
            skin: Rgb::hex(rng.pick(&SKINS)),
            hair_colour,
            hair,
            hat,
            beard,
            glasses,
            outfit,
            cloth: Rgb::hex(rng.pick(&CLOTHES)),
            accent: Rgb::hex(rng.pick(&CLOTHES)),
            khata: rng.chance(0.15),
            backdrop: rng.pick(&[
                Backdrop::Plain,
                Backdrop::Gradient,
                Backdrop::Disc,
                Backdrop::Hills,
            ]),
            bg: [bg0, bg1],
            a: rng.range(172.0, 188.0),
            chin: rng.range(1.12, 1.3),
            jaw: rng.range(0.42, 0.7),
            eyes: rng.pick(&[Eyes::Dots, Eyes::Dots, Eyes::Almond, Eyes::Almond, Eyes::Happy]),
            iris: Rgb::hex(rng.pick(&[0x2b1a12, 0x3b2418, 0x4a2e1c, 0x5b3b22])),
            nose: rng.pick(&[Nose::Hook, Nose::Button, Nose::Shadow]),
            mouth: if feminine && rng.chance(0.4) {
                Mouth::Lips
            } else {
                rng.pick(&[Mouth::Smile, Mouth::Grin, Mouth::Grin])
            },
            lip_colour: Rgb::hex(rng.pick(&[0xb4525a, 0xc0605a, 0x9e3f4f, 0xa8564a])),
            brow: rng.range(0.04, 0.07),
            arch: rng.range(0.0, 0.12),
            blush: rng.range(0.1, 0.3),
            tika: rng.chance(0.15),
            nose_stud: feminine && rng.chance(0.35),
            earrings: feminine && rng.chance(0.6),
            elder,
        }
    }

    fn eye_y(&self) -> f32 {
        CY + 0.12 * self.a
    }

    fn chin_y(&self) -> f32 {
        self.eye_y() + self.chin * self.a
    }

    fn head_top(&self) -> f32 {
        CY - 1.22 * self.a
    }

    fn head_path(&self) -> String {
        let (a, top, chin) = (self.a, self.head_top(), self.chin_y());
        let (l, r) = (CX - a, CX + a);
        let jaw = self.jaw * a;
        format!(
            "M{l:.1} {CY:.1} C{l:.1} {:.1} {:.1} {top:.1} {CX:.1} {top:.1} C{:.1} {top:.1} {r:.1} {:.1} {r:.1} {CY:.1} \
             C{r:.1} {:.1} {:.1} {chin:.1} {CX:.1} {chin:.1} C{:.1} {chin:.1} {l:.1} {:.1} {l:.1} {CY:.1} Z",
            CY - 0.7 * a,
            CX - 0.62 * a,
            CX + 0.62 * a,
            CY - 0.7 * a,
            CY + 0.6 * a,
            CX + jaw,
            CX - jaw,
            CY + 0.6 * a
        )
    }

    pub(crate) fn draw(&self, svg: &mut Svg, rng: &mut Rng) {
        self.backdrop(svg, rng);
        self.back_hair(svg);
        self.body(svg);
        self.head(svg);
        self.features(svg);
        self.beard(svg);
        self.front_hair(svg, rng);
        self.jewellery(svg);
        self.glasses(svg);
        self.hat(svg, rng);
    }

    fn backdrop(&self, svg: &mut Svg, rng: &mut Rng) {
        let [c0, c1] = self.bg;
        let size = FACE_VIEW;
        match self.backdrop {
            Backdrop::Plain => svg.rect(0.0, 0.0, size, size, c0),
            Backdrop::Gradient => {
                let fill = svg.vertical(0.0, size, &[(0.0, c0.lighten(0.3), 1.0), (1.0, c1, 1.0)]);
                svg.rect(0.0, 0.0, size, size, fill);
            }
            Backdrop::Disc => {
                svg.rect(0.0, 0.0, size, size, c0);
                svg.circle((CX, CY + 20.0), 360.0, c0.lighten(0.45), 1.0);
            }
            Backdrop::Hills => {
                // A nod to the trail: pale snow peaks behind the shoulders.
                let fill = svg.vertical(0.0, size, &[(0.0, c0.lighten(0.35), 1.0), (1.0, c0, 1.0)]);
                svg.rect(0.0, 0.0, size, size, fill);
                let far = c1.mix(Rgb::hex(0x9fb3c8), 0.5).lighten(0.2);
                let mut d = format!("M0 {size:.1} L0 700");
                let mut x = 0.0;
                while x < size {
                    let peak = rng.range(430.0, 600.0);
                    let wide = rng.range(140.0, 260.0);
                    let _ = write!(
                        d,
                        " L{:.1} {peak:.1} L{:.1} {:.1}",
                        x + wide / 2.0,
                        x + wide,
                        rng.range(640.0, 720.0)
                    );
                    x += wide;
                }
                let _ = write!(d, " L{size:.1} {size:.1} Z");
                svg.path_o(&d, far, 0.6);
            }
        }
    }
}
