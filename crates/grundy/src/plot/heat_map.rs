//! The table of a two-parameter family as a heat map: one coloured cell per
//! position, a dot on every P-position, and a colour bar.

use super::Labels;
use super::axis::{Area, Scale, frame, ticks};
use super::svg::{Svg, num};
use crate::pattern::Plane;

const WIDTH: f64 = 820.0;
const HEIGHT: f64 = 700.0;

/// A perceptually even sequential palette (the "viridis" colour map of
/// matplotlib, sampled at five points), dark for small values.
const PALETTE: [(u8, u8, u8); 5] = [
    (68, 1, 84),
    (59, 82, 139),
    (33, 145, 140),
    (94, 201, 98),
    (253, 231, 37),
];

/// The colour of `t` in `[0, 1]` along the palette.
fn colour(t: f64) -> String {
    let t = t.clamp(0.0, 1.0) * (PALETTE.len() - 1) as f64;
    let i = (t.floor() as usize).min(PALETTE.len() - 2);
    let f = t - i as f64;
    let (a, b) = (PALETTE[i], PALETTE[i + 1]);
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// A heat map of `table`: the first argument along the horizontal axis, the
/// second upwards, origin at the bottom left. Each position is one
/// `<rect class="cell">`; each P-position also gets a
/// `<circle class="p-position">`.
///
/// ```
/// use grundy::{Limits, expr::family_named, pattern::Plane, plot::{Labels, heat_map}};
/// let grid = family_named("grid").unwrap();
/// let table = Plane::compute(grid.as_ref(), 7, 7, &Limits::default()).unwrap();
/// let labels = Labels { title: "grid".into(), x: "x".into(), y: "y".into() };
/// let svg = heat_map(&table, &labels);
/// assert_eq!(svg.matches("class=\"cell\"").count(), 64);
/// assert_eq!(svg.matches("class=\"p-position\"").count(), 8);
/// ```
pub fn heat_map(table: &Plane, labels: &Labels) -> String {
    let area = Area {
        left: 80.0,
        top: 60.0,
        width: WIDTH - 80.0 - 150.0,
        height: HEIGHT - 60.0 - 75.0,
    };
    let (rows, columns) = (table.rows(), table.columns());
    let top = table
        .values
        .iter()
        .flatten()
        .map(|v| v.0)
        .max()
        .unwrap_or(0);
    let (cell_w, cell_h) = (
        area.width / (rows + 1) as f64,
        area.height / (columns + 1) as f64,
    );
    let x = Scale {
        lo: 0.0,
        hi: (rows + 1) as f64,
        from: area.left,
        to: area.right(),
    };
    let y = Scale {
        lo: 0.0,
        hi: (columns + 1) as f64,
        from: area.bottom(),
        to: area.top,
    };
    // Ticks sit at the centres of their cells.
    let x_ticks: Vec<(u64, f64)> = ticks(rows, 8)
        .into_iter()
        .map(|v| (v, x.at(v as f64 + 0.5)))
        .collect();
    let y_ticks: Vec<(u64, f64)> = ticks(columns, 8)
        .into_iter()
        .map(|v| (v, y.at(v as f64 + 0.5)))
        .collect();
    let mut svg = Svg::new(WIDTH, HEIGHT, &labels.title);
    let shade = |v: u64| colour(if top == 0 { 0.0 } else { v as f64 / top as f64 });
    // Crisp edges keep hairline seams from showing between cells.
    svg.open(
        "g",
        &[
            ("class", "cells".into()),
            ("shape-rendering", "crispEdges".into()),
        ],
    );
    for a in 0..=rows {
        for b in 0..=columns {
            svg.empty(
                "rect",
                &[
                    ("class", "cell".into()),
                    ("x", num(x.at(a as f64))),
                    ("y", num(y.at(b as f64 + 1.0))),
                    ("width", num(cell_w)),
                    ("height", num(cell_h)),
                    ("fill", shade(table.get(a, b).0)),
                ],
            );
        }
    }
    svg.close("g");
    let radius = (cell_w.min(cell_h) * 0.3).clamp(0.8, 6.0);
    svg.open(
        "g",
        &[
            ("class", "p-positions".into()),
            ("fill", "white".into()),
            ("stroke", "black".into()),
        ],
    );
    for (a, b) in table.p_positions() {
        svg.empty(
            "circle",
            &[
                ("class", "p-position".into()),
                ("cx", num(x.at(a as f64 + 0.5))),
                ("cy", num(y.at(b as f64 + 0.5))),
                ("r", num(radius)),
                ("stroke-width", num((radius / 4.0).min(1.0))),
            ],
        );
    }
    svg.close("g");
    frame(&mut svg, area, &x_ticks, &y_ticks, labels);
    colour_bar(&mut svg, area, top);
    svg.finish()
}

/// The legend: a vertical colour bar from 0 to the largest value, with
/// ticks, and the P-position mark.
fn colour_bar(svg: &mut Svg, area: Area, top: u64) {
    let (left, width) = (area.right() + 40.0, 18.0);
    let (bar_top, bar_bottom) = (area.top + 20.0, area.bottom() - 40.0);
    svg.open("defs", &[]);
    svg.open(
        "linearGradient",
        &[
            ("id", "value-scale".into()),
            ("x1", "0".into()),
            ("y1", "1".into()),
            ("x2", "0".into()),
            ("y2", "0".into()),
        ],
    );
    for i in 0..PALETTE.len() {
        let t = i as f64 / (PALETTE.len() - 1) as f64;
        svg.empty("stop", &[("offset", num(t)), ("stop-color", colour(t))]);
    }
    svg.close("linearGradient");
    svg.close("defs");
    svg.open("g", &[("class", "legend".into())]);
    svg.text(
        "text",
        &[("x", num(left)), ("y", num(bar_top - 12.0))],
        "G(a, b)",
    );
    svg.empty(
        "rect",
        &[
            ("x", num(left)),
            ("y", num(bar_top)),
            ("width", num(width)),
            ("height", num(bar_bottom - bar_top)),
            ("fill", "url(#value-scale)".into()),
            ("stroke", "black".into()),
        ],
    );
    let scale = Scale {
        lo: 0.0,
        hi: top.max(1) as f64,
        from: bar_bottom,
        to: bar_top,
    };
    for v in ticks(top, 6) {
        let y = scale.at(v as f64);
        svg.empty(
            "line",
            &[
                ("x1", num(left + width)),
                ("y1", num(y)),
                ("x2", num(left + width + 4.0)),
                ("y2", num(y)),
                ("stroke", "black".into()),
            ],
        );
        svg.text(
            "text",
            &[("x", num(left + width + 7.0)), ("y", num(y + 4.0))],
            &v.to_string(),
        );
    }
    let y = area.bottom() - 6.0;
    svg.empty(
        "circle",
        &[
            ("cx", num(left + 5.0)),
            ("cy", num(y)),
            ("r", "5".into()),
            ("fill", "white".into()),
            ("stroke", "black".into()),
        ],
    );
    svg.text(
        "text",
        &[("x", num(left + 15.0)), ("y", num(y + 4.0))],
        "P-position",
    );
    svg.close("g");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_ends_are_its_first_and_last_colours() {
        assert_eq!(colour(0.0), "#440154");
        assert_eq!(colour(1.0), "#fde725");
        assert_eq!(colour(2.0), "#fde725");
    }
}
