//! SVG assembly: the document a picture is drawn into, with its numbered gradients,
//! patterns and clips, its basic shapes, and the `put!` macro for raw markup.

use std::fmt::{self, Write as _};

use crate::colour::Rgb;
use crate::path::P;

/// Collects the SVG markup of one picture; gradients and clips get numbered ids.
pub(crate) struct Svg {
    pub(crate) w: f32,
    pub(crate) h: f32,
    defs: String,
    body: String,
    ids: u32,
}

/// Appends formatted markup to an [`Svg`]'s body.
macro_rules! put {
    ($svg:expr, $($arg:tt)*) => { $svg.add(format_args!($($arg)*)) };
}
pub(crate) use put;

impl Svg {
    pub(crate) fn new(w: f32, h: f32) -> Self {
        Svg { w, h, defs: String::new(), body: String::new(), ids: 0 }
    }

    pub(crate) fn add(&mut self, markup: fmt::Arguments<'_>) {
        // Writing into a String cannot fail.
        let _ = self.body.write_fmt(markup);
    }

    pub(crate) fn id(&mut self) -> u32 {
        self.ids += 1;
        self.ids
    }

    /// A linear gradient in canvas units; returns the paint to use in `fill`.
    pub(crate) fn linear(&mut self, from: P, to: P, stops: &[(f32, Rgb, f32)]) -> String {
        let id = self.id();
        let _ = write!(
            self.defs,
            "<linearGradient id='g{id}' gradientUnits='userSpaceOnUse' x1='{:.1}' y1='{:.1}' x2='{:.1}' y2='{:.1}'>",
            from.0, from.1, to.0, to.1
        );
        self.stops(stops);
        self.defs.push_str("</linearGradient>");
        format!("url(#g{id})")
    }

    /// A vertical gradient between two heights.
    pub(crate) fn vertical(&mut self, y0: f32, y1: f32, stops: &[(f32, Rgb, f32)]) -> String {
        self.linear((0.0, y0), (0.0, y1), stops)
    }

    /// A radial gradient in canvas units; returns the paint to use in `fill`.
    pub(crate) fn radial(&mut self, centre: P, r: f32, stops: &[(f32, Rgb, f32)]) -> String {
        let id = self.id();
        let _ = write!(
            self.defs,
            "<radialGradient id='g{id}' gradientUnits='userSpaceOnUse' cx='{:.1}' cy='{:.1}' r='{:.1}'>",
            centre.0, centre.1, r
        );
        self.stops(stops);
        self.defs.push_str("</radialGradient>");
        format!("url(#g{id})")
    }

    pub(crate) fn stops(&mut self, stops: &[(f32, Rgb, f32)]) {
        for (offset, colour, opacity) in stops {
            let _ = write!(
                self.defs,
                "<stop offset='{offset:.3}' stop-color='{colour}' stop-opacity='{opacity:.3}'/>"
            );
        }
    }

    /// A repeating tile of `size` units drawn by `content`; returns the paint to use in `fill`.
    pub(crate) fn pattern(&mut self, size: f32, content: &str) -> String {
        let id = self.id();
        let _ = write!(
            self.defs,
            "<pattern id='p{id}' patternUnits='userSpaceOnUse' width='{size:.1}' height='{size:.1}'>{content}</pattern>"
        );
        format!("url(#p{id})")
    }

    /// A clip path from path data; returns the reference for `clip-path`.
    pub(crate) fn clip(&mut self, d: &str) -> String {
        let id = self.id();
        let _ = write!(self.defs, "<clipPath id='c{id}'><path d='{d}'/></clipPath>");
        format!("url(#c{id})")
    }

    pub(crate) fn path(&mut self, d: &str, fill: impl fmt::Display) {
        put!(self, "<path d='{d}' fill='{fill}'/>");
    }

    pub(crate) fn path_o(&mut self, d: &str, fill: impl fmt::Display, opacity: f32) {
        put!(self, "<path d='{d}' fill='{fill}' opacity='{opacity:.3}'/>");
    }

    /// A stroked open line with round ends.
    pub(crate) fn stroke(&mut self, d: &str, colour: impl fmt::Display, width: f32, opacity: f32) {
        put!(
            self,
            "<path d='{d}' fill='none' stroke='{colour}' stroke-width='{width:.1}' \
             stroke-linecap='round' stroke-linejoin='round' opacity='{opacity:.3}'/>"
        );
    }

    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: impl fmt::Display) {
        put!(self, "<rect x='{x:.1}' y='{y:.1}' width='{w:.1}' height='{h:.1}' fill='{fill}'/>");
    }

    pub(crate) fn circle(&mut self, c: P, r: f32, fill: impl fmt::Display, opacity: f32) {
        put!(
            self,
            "<circle cx='{:.1}' cy='{:.1}' r='{r:.1}' fill='{fill}' opacity='{opacity:.3}'/>",
            c.0,
            c.1
        );
    }

    pub(crate) fn ellipse(&mut self, c: P, rx: f32, ry: f32, fill: impl fmt::Display) {
        put!(
            self,
            "<ellipse cx='{:.1}' cy='{:.1}' rx='{rx:.1}' ry='{ry:.1}' fill='{fill}'/>",
            c.0,
            c.1
        );
    }

    /// Where the body currently ends, to copy what is drawn after it (see [`Svg::since`]).
    pub(crate) fn mark(&self) -> usize {
        self.body.len()
    }

    /// The markup drawn since `mark`, e.g. to draw it again as a reflection.
    pub(crate) fn since(&self, mark: usize) -> String {
        self.body[mark..].to_owned()
    }

    pub(crate) fn finish(self, mirrored: bool) -> String {
        let Svg { w, h, defs, body, .. } = self;
        let flip = if mirrored { format!("matrix(-1 0 0 1 {w:.1} 0)") } else { String::new() };
        format!(
            "<svg xmlns='http://www.w3.org/2000/svg' width='{w:.1}' height='{h:.1}' \
             viewBox='0 0 {w:.1} {h:.1}'><defs>{defs}</defs>\
             <rect width='{w:.1}' height='{h:.1}' fill='#808080'/>\
             <g transform='{flip}'>{body}</g></svg>"
        )
    }
}
