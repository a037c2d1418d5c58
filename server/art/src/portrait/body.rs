//! A portrait's body: the neck, the shoulders and the outfit, and the khata some wear.

use super::{CX, CY, Outfit, Person};
use crate::colour::Rgb;
use crate::path::poly;
use crate::svg::Svg;

impl Person {
    pub(super) fn body(&self, svg: &mut Svg) {
        let a = self.a;
        let skin = self.skin;
        let shoulder = self.chin_y() + 0.34 * a;
        let nw = 0.42 * a;
        // The neck, shadowed under the chin.
        let neck_fill = svg.vertical(
            self.chin_y() - 0.2 * a,
            self.chin_y() + 0.4 * a,
            &[(0.0, skin.darken(0.25), 1.0), (1.0, skin.darken(0.08), 1.0)],
        );
        svg.rect(CX - nw, CY + 0.5 * a, 2.0 * nw, shoulder - CY, neck_fill);

        if self.outfit == Outfit::Hoodie {
            // The hood lies around the neck behind the head.
            let hood = format!(
                "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                CX - 1.25 * a,
                shoulder + 0.1 * a,
                shoulder - 0.55 * a,
                CX + 1.25 * a,
                shoulder + 0.1 * a,
                CX + 0.9 * a,
                shoulder + 0.5 * a,
                shoulder + 0.3 * a,
                CX - 0.9 * a,
                shoulder + 0.5 * a
            );
            svg.path(&hood, self.cloth.darken(0.2));
        }
        let sw = 2.35 * a;
        // From the neck the trapezius slopes down to round shoulders, then the arms fall away.
        let side = |dir: f32| {
            [
                (CX + dir * sw, 1010.0),
                (CX + dir * sw, shoulder + 0.95 * a),
                (CX + dir * 2.05 * a, shoulder + 0.4 * a),
                (CX + dir * 1.6 * a, shoulder + 0.28 * a),
                (CX + dir * 1.05 * a, shoulder + 0.12 * a),
                (CX + dir * 0.75 * a, shoulder),
                (CX + dir * 0.5 * a, shoulder - 0.02 * a),
            ]
        };
        let [l0, l1, l2, l3, l4, l5, l6] = side(-1.0);
        let [r0, r1, r2, r3, r4, r5, r6] = side(1.0);
        let torso = format!(
            "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} \
             C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} Z",
            l0.0,
            l0.1,
            l1.0,
            l1.1,
            l2.0,
            l2.1,
            l3.0,
            l3.1,
            l4.0,
            l4.1,
            l5.0,
            l5.1,
            l6.0,
            l6.1,
            r6.0,
            r6.1,
            r5.0,
            r5.1,
            r4.0,
            r4.1,
            r3.0,
            r3.1,
            r2.0,
            r2.1,
            r1.0,
            r1.1,
            r0.0,
            r0.1
        );
        let cloth = self.cloth;
        let fill = svg.vertical(
            shoulder,
            1000.0,
            &[(0.0, cloth.lighten(0.08), 1.0), (1.0, cloth.darken(0.12), 1.0)],
        );
        svg.path(&torso, fill);
        let seam = cloth.darken(0.25);
        let neckline = |depth: f32, width: f32| {
            format!(
                "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                CX - width,
                shoulder - 2.0,
                shoulder + depth,
                CX + width,
                shoulder - 2.0
            )
        };
        match self.outfit {
            Outfit::Tee | Outfit::Hoodie => {
                svg.path(&neckline(0.35 * a, nw * 1.25), skin.darken(0.08));
                let rib = format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                    CX - nw * 1.25,
                    shoulder - 2.0,
                    shoulder + 0.35 * a,
                    CX + nw * 1.25,
                    shoulder - 2.0
                );
                svg.stroke(&rib, seam, 0.07 * a, 1.0);
                if self.outfit == Outfit::Hoodie {
                    for dir in [-1.0, 1.0] {
                        let x = CX + dir * 0.3 * a;
                        svg.stroke(
                            &format!(
                                "M{x:.1} {:.1} l{:.1} {:.1}",
                                shoulder + 0.35 * a,
                                dir * 0.04 * a,
                                0.9 * a
                            ),
                            Rgb::hex(0xf4f1ea),
                            0.05 * a,
                            1.0,
                        );
                    }
                }
            }
            Outfit::VNeck => {
                let v = poly(&[
                    (CX - nw * 1.2, shoulder - 2.0),
                    (CX + nw * 1.2, shoulder - 2.0),
                    (CX, shoulder + 0.75 * a),
                ]);
                svg.path(&v, skin.darken(0.08));
                svg.stroke(
                    &format!(
                        "M{:.1} {:.1} L{CX:.1} {:.1} L{:.1} {:.1}",
                        CX - nw * 1.2,
                        shoulder - 2.0,
                        shoulder + 0.75 * a,
                        CX + nw * 1.2,
                        shoulder - 2.0
                    ),
                    seam,
                    0.06 * a,
                    1.0,
                );
            }
            Outfit::Collar => {
                let v = poly(&[
                    (CX - nw * 1.1, shoulder - 2.0),
                    (CX + nw * 1.1, shoulder - 2.0),
                    (CX, shoulder + 0.6 * a),
                ]);
                svg.path(&v, skin.darken(0.08));
                let collar = self.accent.lighten(0.5);
                for dir in [-1.0, 1.0] {
                    let flap = poly(&[
                        (CX + dir * nw * 1.15, shoulder - 0.3 * a),
                        (CX + dir * nw * 1.9, shoulder + 0.15 * a),
                        (CX + dir * 0.12 * a, shoulder + 0.62 * a),
                        (CX + dir * nw * 0.9, shoulder + 0.05 * a),
                    ]);
                    svg.path(&flap, collar);
                }
                for i in 0..2 {
                    svg.circle((CX, shoulder + (0.85 + 0.35 * i as f32) * a), 0.04 * a, seam, 1.0);
                }
            }
            Outfit::Fleece => {
                let collar = format!(
                    "M{:.1} {:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                    CX - nw * 1.35,
                    shoulder + 0.1 * a,
                    CX - nw * 1.15,
                    shoulder - 0.35 * a,
                    shoulder - 0.2 * a,
                    CX + nw * 1.15,
                    shoulder - 0.35 * a,
                    CX + nw * 1.35,
                    shoulder + 0.1 * a,
                    shoulder + 0.3 * a,
                    CX - nw * 1.35,
                    shoulder + 0.1 * a
                );
                svg.path(&collar, self.accent);
                svg.stroke(
                    &format!("M{CX:.1} {:.1} L{CX:.1} 1000", shoulder + 0.22 * a),
                    self.accent.darken(0.3),
                    0.05 * a,
                    1.0,
                );
                let yoke = format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                    CX - sw * 0.8,
                    shoulder + 0.5 * a,
                    shoulder + 0.9 * a,
                    CX + sw * 0.8,
                    shoulder + 0.5 * a
                );
                svg.stroke(&yoke, seam, 0.05 * a, 0.6);
            }
            Outfit::Daura => {
                // The light daura shows between the lapels of the waistcoat, fastened across.
                let daura = self.accent.lighten(0.75);
                let front = poly(&[
                    (CX - nw * 1.3, shoulder - 2.0),
                    (CX + nw * 1.3, shoulder - 2.0),
                    (CX + 0.75 * a, 1000.0),
                    (CX - 0.75 * a, 1000.0),
                ]);
                svg.path(&front, daura);
                svg.path(&neckline(0.3 * a, nw * 1.05), skin.darken(0.08));
                svg.stroke(
                    &format!(
                        "M{:.1} {:.1} L{:.1} 1000",
                        CX - nw * 0.9,
                        shoulder + 0.2 * a,
                        CX + 0.55 * a
                    ),
                    daura.darken(0.2),
                    0.04 * a,
                    1.0,
                );
                for dir in [-1.0, 1.0] {
                    let lapel = poly(&[
                        (CX + dir * nw * 1.3, shoulder - 2.0),
                        (CX + dir * 0.45 * a, 1000.0),
                        (CX + dir * 1.0 * a, 1000.0),
                        (CX + dir * nw * 2.0, shoulder),
                    ]);
                    svg.path(&lapel, cloth);
                }
            }
        }
        if self.khata {
            // A white silk khata, the scarf of welcome, draped around the neck.
            let silk = Rgb::hex(0xfbf7ea);
            for dir in [-1.0, 1.0] {
                let band = format!(
                    "M{:.1} {:.1} Q{:.1} {:.1} {:.1} 1000 L{:.1} 1000 Q{:.1} {:.1} {:.1} {:.1} Z",
                    CX + dir * nw * 1.0,
                    shoulder - 0.15 * a,
                    CX + dir * nw * 1.6,
                    shoulder + 0.6 * a,
                    CX + dir * 0.35 * a,
                    CX + dir * 0.75 * a,
                    CX + dir * nw * 2.3,
                    shoulder + 0.5 * a,
                    CX + dir * nw * 1.9,
                    shoulder - 0.1 * a
                );
                svg.path(&band, silk);
            }
            svg.stroke(
                &format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                    CX - nw * 1.5,
                    shoulder - 0.12 * a,
                    shoulder + 0.1 * a,
                    CX + nw * 1.5,
                    shoulder - 0.12 * a
                ),
                silk,
                0.14 * a,
                1.0,
            );
        }
    }
}
