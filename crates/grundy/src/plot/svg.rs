//! A minimal SVG writer: elements with escaped attributes and text.

use std::fmt::Write as _;

/// An SVG document under construction.
pub(crate) struct Svg {
    text: String,
}

/// A coordinate or length, written with at most two decimals.
pub(crate) fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Escapes the characters XML gives a meaning to.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

impl Svg {
    /// A document of the given size, with a title (shown by viewers as a
    /// tooltip and read by screen readers) and a white background.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut svg = Svg {
            text: String::new(),
        };
        svg.text
            .push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let (w, h) = (num(width), num(height));
        writeln!(
            svg.text,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             font-family=\"sans-serif\" font-size=\"13\">"
        )
        .expect("writing to a String cannot fail");
        writeln!(svg.text, "<title>{}</title>", escape(title))
            .expect("writing to a String cannot fail");
        svg.empty(
            "rect",
            &[
                ("width", num(width)),
                ("height", num(height)),
                ("fill", "white".into()),
            ],
        );
        svg
    }

    fn start_tag(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.text.push('<');
        self.text.push_str(name);
        for (key, value) in attrs {
            write!(self.text, " {key}=\"{}\"", escape(value))
                .expect("writing to a String cannot fail");
        }
    }

    /// An element with no content: `<circle .../>`.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.start_tag(name, attrs);
        self.text.push_str("/>\n");
    }

    /// An element holding text: `<text ...>G(n)</text>`.
    pub fn text(&mut self, name: &str, attrs: &[(&str, String)], content: &str) {
        self.start_tag(name, attrs);
        writeln!(self.text, ">{}</{name}>", escape(content))
            .expect("writing to a String cannot fail");
    }

    /// Opens an element that holds others; close it with [`Svg::close`].
    pub fn open(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.start_tag(name, attrs);
        self.text.push_str(">\n");
    }

    /// Closes the element last opened with this name.
    pub fn close(&mut self, name: &str) {
        writeln!(self.text, "</{name}>").expect("writing to a String cannot fail");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.text.push_str("</svg>\n");
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
