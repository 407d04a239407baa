//! Axes: a linear scale from values to pixels, "nice" tick steps, and the
//! frame with its ticks and labels.

use super::Labels;
use super::svg::{Svg, num};

/// The plotting area of a picture, in pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Area {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
}

impl Area {
    pub fn right(&self) -> f64 {
        self.left + self.width
    }

    pub fn bottom(&self) -> f64 {
        self.top + self.height
    }
}

/// A linear map from `[lo, hi]` to pixels `[from, to]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scale {
    pub lo: f64,
    pub hi: f64,
    pub from: f64,
    pub to: f64,
}

impl Scale {
    pub fn at(&self, v: f64) -> f64 {
        let span = if self.hi > self.lo {
            self.hi - self.lo
        } else {
            1.0
        };
        self.from + (v - self.lo) / span * (self.to - self.from)
    }
}

/// Tick values `0, step, 2·step, ... <= max` with a step of 1, 2 or 5
/// times a power of ten, giving about `target` ticks.
pub(crate) fn ticks(max: u64, target: u64) -> Vec<u64> {
    let rough = (max / target.max(1)).max(1);
    let mut power = 1u64;
    while power.saturating_mul(10) <= rough {
        power *= 10;
    }
    let step = [1, 2, 5, 10]
        .iter()
        .map(|m| m * power)
        .find(|&s| s >= rough)
        .unwrap_or(10 * power);
    (0..=max / step).map(|k| k * step).collect()
}

/// Draws the frame around `area`, the ticks (each a value and its pixel
/// position along the axis) and the title and axis labels.
pub(crate) fn frame(
    svg: &mut Svg,
    area: Area,
    x_ticks: &[(u64, f64)],
    y_ticks: &[(u64, f64)],
    labels: &Labels,
) {
    svg.text(
        "text",
        &[
            ("class", "title".into()),
            ("x", num(area.left + area.width / 2.0)),
            ("y", num(area.top - 24.0)),
            ("text-anchor", "middle".into()),
            ("font-size", "17".into()),
        ],
        &labels.title,
    );
    svg.open(
        "g",
        &[
            ("class", "axes".into()),
            ("stroke", "black".into()),
            ("fill", "none".into()),
        ],
    );
    svg.empty(
        "rect",
        &[
            ("x", num(area.left)),
            ("y", num(area.top)),
            ("width", num(area.width)),
            ("height", num(area.height)),
        ],
    );
    for &(_, x) in x_ticks {
        svg.empty(
            "line",
            &[
                ("x1", num(x)),
                ("y1", num(area.bottom())),
                ("x2", num(x)),
                ("y2", num(area.bottom() + 5.0)),
            ],
        );
    }
    for &(_, y) in y_ticks {
        svg.empty(
            "line",
            &[
                ("x1", num(area.left - 5.0)),
                ("y1", num(y)),
                ("x2", num(area.left)),
                ("y2", num(y)),
            ],
        );
    }
    svg.close("g");
    svg.open("g", &[("class", "tick-labels".into())]);
    for &(v, x) in x_ticks {
        svg.text(
            "text",
            &[
                ("x", num(x)),
                ("y", num(area.bottom() + 20.0)),
                ("text-anchor", "middle".into()),
            ],
            &v.to_string(),
        );
    }
    for &(v, y) in y_ticks {
        svg.text(
            "text",
            &[
                ("x", num(area.left - 9.0)),
                ("y", num(y + 4.0)),
                ("text-anchor", "end".into()),
            ],
            &v.to_string(),
        );
    }
    svg.close("g");
    svg.text(
        "text",
        &[
            ("class", "x-label".into()),
            ("x", num(area.left + area.width / 2.0)),
            ("y", num(area.bottom() + 46.0)),
            ("text-anchor", "middle".into()),
        ],
        &labels.x,
    );
    let (x, y) = (area.left - 52.0, area.top + area.height / 2.0);
    svg.text(
        "text",
        &[
            ("class", "y-label".into()),
            ("x", num(x)),
            ("y", num(y)),
            ("text-anchor", "middle".into()),
            ("transform", format!("rotate(-90 {} {})", num(x), num(y))),
        ],
        &labels.y,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_use_round_steps() {
        assert_eq!(ticks(5000, 8), [0, 1000, 2000, 3000, 4000, 5000]);
        assert_eq!(ticks(40, 8), [0, 5, 10, 15, 20, 25, 30, 35, 40]);
        assert_eq!(ticks(3, 8), [0, 1, 2, 3]);
        assert_eq!(ticks(0, 8), [0]);
        assert_eq!(ticks(150, 6), [0, 50, 100, 150]);
    }

    #[test]
    fn scale_maps_ends_to_ends() {
        let s = Scale {
            lo: 0.0,
            hi: 10.0,
            from: 100.0,
            to: 0.0,
        };
        assert_eq!(s.at(0.0), 100.0);
        assert_eq!(s.at(10.0), 0.0);
        assert_eq!(s.at(5.0), 50.0);
    }
}
