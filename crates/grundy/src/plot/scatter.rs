//! `G(n)` against `n`: one dot per heap size, P-positions in their own
//! colour (they lie on the axis, where a period shows as evenly spaced red).

use super::Labels;
use super::axis::{Area, Scale, frame, ticks};
use super::svg::{Svg, num};
use crate::nimber::Nimber;

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 560.0;
const N_COLOUR: &str = "#1f6fb4";
const P_COLOUR: &str = "#d62728";

/// A scatter plot of `values[n]` against `n`, as an SVG document. Each
/// value is one `<circle class="point">` (class `point p-position` when it
/// is 0).
///
/// ```
/// use grundy::{Nimber, plot::{Labels, scatter}};
/// let values: Vec<Nimber> = (0..30).map(|n| Nimber(n % 4)).collect();
/// let labels = Labels { title: "G(n) of sub{1..3}".into(), x: "n".into(), y: "G(n)".into() };
/// let svg = scatter(&values, &labels);
/// assert_eq!(svg.matches("<circle class=\"point").count(), 30);
/// ```
pub fn scatter(values: &[Nimber], labels: &Labels) -> String {
    let area = Area {
        left: 80.0,
        top: 60.0,
        width: WIDTH - 80.0 - 30.0,
        height: HEIGHT - 60.0 - 75.0,
    };
    let last = values.len().saturating_sub(1) as u64;
    let top = values.iter().map(|v| v.0).max().unwrap_or(0).max(1);
    // A little room inside the frame so dots on the edges stay whole.
    let x = Scale {
        lo: 0.0,
        hi: last.max(1) as f64,
        from: area.left + 8.0,
        to: area.right() - 8.0,
    };
    let y = Scale {
        lo: 0.0,
        hi: top as f64,
        from: area.bottom() - 8.0,
        to: area.top + 8.0,
    };
    let x_ticks: Vec<(u64, f64)> = ticks(last, 8)
        .into_iter()
        .map(|v| (v, x.at(v as f64)))
        .collect();
    let y_ticks: Vec<(u64, f64)> = ticks(top, 6)
        .into_iter()
        .map(|v| (v, y.at(v as f64)))
        .collect();
    let mut svg = Svg::new(WIDTH, HEIGHT, &labels.title);
    frame(&mut svg, area, &x_ticks, &y_ticks, labels);
    // Dots shrink as they crowd, so a long sequence still shows its shape.
    let radius = if values.len() > 2000 {
        1.2
    } else if values.len() > 300 {
        1.8
    } else {
        2.8
    };
    svg.open(
        "g",
        &[("class", "points".into()), ("fill", N_COLOUR.into())],
    );
    for (n, v) in values.iter().enumerate() {
        let mut attrs = vec![
            ("class", "point".to_string()),
            ("cx", num(x.at(n as f64))),
            ("cy", num(y.at(v.0 as f64))),
            ("r", num(radius)),
        ];
        if v.is_zero() {
            attrs[0].1.push_str(" p-position");
            attrs.push(("fill", P_COLOUR.into()));
        }
        svg.empty("circle", &attrs);
    }
    svg.close("g");
    legend(&mut svg, area);
    svg.finish()
}

fn legend(svg: &mut Svg, area: Area) {
    let x = area.right() - 250.0;
    let y = area.top - 10.0;
    svg.open("g", &[("class", "legend".into())]);
    for (i, (colour, text)) in [(P_COLOUR, "P-position (G = 0)"), (N_COLOUR, "N-position")]
        .iter()
        .enumerate()
    {
        let dx = x + i as f64 * 155.0;
        svg.empty(
            "circle",
            &[
                ("cx", num(dx)),
                ("cy", num(y)),
                ("r", "4".into()),
                ("fill", (*colour).into()),
            ],
        );
        svg.text("text", &[("x", num(dx + 8.0)), ("y", num(y + 4.0))], text);
    }
    svg.close("g");
}
