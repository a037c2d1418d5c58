//! Animals: rhino, elephant, pony and yak silhouettes, placed at any size facing either way.

use crate::colour::Rgb;
use crate::path::P;
use crate::svg::{Svg, put};

/// Silhouette outlines drawn facing right, feet on y = 0 of their own box.
pub(crate) const RHINO: &str = "M12 -58 C10 -84 30 -100 60 -102 C84 -104 100 -96 118 -96 C136 -98 150 -108 164 -104 \
    C174 -100 180 -92 186 -86 C200 -80 212 -70 220 -58 L222 -62 L226 -84 Q230 -62 236 -52 C240 -46 238 -40 232 -40 \
    C226 -38 222 -34 216 -34 C206 -34 196 -40 188 -44 C182 -42 178 -36 176 -30 L178 0 L156 0 L154 -22 \
    C130 -18 100 -18 82 -22 L80 0 L58 0 L54 -26 C30 -28 14 -40 12 -58 Z \
    M180 -86 L176 -110 Q186 -104 192 -84 Z M170 -92 L164 -112 Q174 -108 182 -90 Z";

/// The rhino's armour folds and tail.
pub(crate) const RHINO_LINES: &str = "M150 -104 C142 -80 144 -50 154 -24 M78 -100 C70 -76 72 -48 80 -24 M182 -88 C174 -70 176 -52 182 -42 M10 -60 Q2 -48 6 -34";

pub(crate) const ELEPHANT: &str = "M20 -60 C18 -100 40 -128 80 -134 C110 -140 140 -140 160 -136 C172 -150 190 -156 204 -150 \
    C220 -144 228 -128 226 -110 C224 -96 222 -86 224 -72 C226 -52 230 -30 236 -16 C238 -10 234 -4 228 -8 \
    C220 -26 214 -50 210 -66 C208 -72 204 -74 200 -72 L198 0 L176 0 L172 -48 C150 -44 120 -44 96 -48 L92 0 \
    L68 0 L62 -40 C40 -44 24 -50 20 -60 Z";

/// The legs on the elephant's far side, drawn behind it in a darker tone.
pub(crate) const ELEPHANT_FAR_LEGS: &str =
    "M168 -40 L170 0 L188 0 L190 -44 Z M70 -40 L74 0 L92 0 L96 -44 Z";

pub(crate) const ELEPHANT_EAR: &str =
    "M190 -134 C176 -128 170 -100 178 -80 C186 -78 196 -90 198 -112 Z";

/// The elephant's tail and tusk.
pub(crate) const ELEPHANT_LINES: &str = "M22 -70 Q12 -50 16 -26 M208 -72 Q218 -66 226 -70";

pub(crate) const PONY: &str = "M10 -50 C10 -62 20 -66 40 -64 L70 -64 C76 -70 80 -80 86 -86 L92 -88 L96 -80 \
    C98 -76 100 -72 98 -68 L92 -66 C88 -62 84 -56 82 -48 L80 -30 L82 0 L76 0 L72 -30 L50 -32 L46 0 L40 0 \
    L40 -30 C28 -30 18 -34 14 -40 L6 -30 L8 -48 Z";

/// The pony's saddle blanket.
pub(crate) const PONY_BLANKET: &str = "M34 -66 L62 -66 L60 -46 L36 -46 Z";

pub(crate) const YAK: &str = "M20 -60 C22 -78 50 -86 90 -86 C110 -86 118 -96 132 -94 C146 -92 154 -80 158 -68 \
    C166 -66 174 -58 176 -46 C178 -38 172 -32 164 -34 C160 -30 152 -28 148 -26 L146 0 L136 0 L134 -18 \
    L120 -14 L110 -20 L98 -13 L86 -20 L74 -13 L62 -19 L56 0 L46 0 L42 -20 C26 -26 18 -42 20 -60 Z";

pub(crate) const YAK_HORNS: &str =
    "M158 -70 C164 -84 176 -84 174 -94 M150 -72 C146 -86 150 -94 158 -98";

/// Places one of the silhouettes above at `base`, `scale` times its drawn size.
pub(crate) fn creature(svg: &mut Svg, d: &str, base: P, scale: f32, facing_left: bool, fill: Rgb) {
    let sx = if facing_left { -scale } else { scale };
    put!(
        svg,
        "<path d='{d}' fill='{fill}' transform='matrix({sx:.3} 0 0 {scale:.3} {:.1} {:.1})'/>",
        base.0,
        base.1
    );
}

/// Like [`creature`] for strokes (horns, skin folds), so their width scales too.
pub(crate) fn creature_lines(
    svg: &mut Svg,
    d: &str,
    base: P,
    scale: f32,
    facing_left: bool,
    colour: Rgb,
    width: f32,
) {
    let sx = if facing_left { -scale } else { scale };
    put!(
        svg,
        "<path d='{d}' fill='none' stroke='{colour}' stroke-width='{width:.1}' stroke-linecap='round' \
         transform='matrix({sx:.3} 0 0 {scale:.3} {:.1} {:.1})'/>",
        base.0,
        base.1
    );
}
