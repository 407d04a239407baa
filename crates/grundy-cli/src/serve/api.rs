//! The JSON API: each handler reads its request, asks the library, and
//! returns what the library answered. Every answer is the library's; the
//! server only bounds the work (see `guard`).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use grundy::analysis::game_graph::{self, Explored, GameGraph};
use grundy::analysis::{self, Method, quotient::quotient as misere_quotient};
use grundy::expr::{Play, Played};
use grundy::pattern::sequence::{PeriodReport, table_period};
use grundy::pattern::{Extent, Plane, extent_for};
use grundy::play::board::{BoardView, boards};
use grundy::play::engine::Choice;
use grundy::play::{Rng, choose_move_in};
use grundy::plot::{Labels, heat_map, scatter};
use grundy::{Limits, Nimber};
use serde::{Deserialize, Serialize};

use super::guard::{ApiError, Input, Shared};

/// The longest expression accepted, in bytes.
pub const MAX_EXPRESSION: usize = 4096;

/// The most positions a drawn game graph may have.
pub const MAX_GRAPH_NODES: usize = 150;

/// The most values (or table cells) one table request may ask for.
pub const MAX_TABLE_VALUES: u64 = 10_000;

/// A request about one position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The expression: `nim(3,5,7)`, `misere(nim(1,2))`.
    position: String,
    /// `normal` (default: the expression's own wrapper decides), `misere`
    /// or `every`.
    #[serde(default)]
    play: Option<String>,
    /// The texts of the files the expression names (`script[g.rhai]`).
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// For `/api/play`: the seed of the engine's choice among equal moves.
    #[serde(default)]
    seed: Option<u64>,
}

impl PositionRequest {
    /// The play asked for, checked before any work starts.
    fn play(&self) -> Result<Play, ApiError> {
        check_length(&self.position, "position")?;
        match self.play.as_deref() {
            None | Some("normal") => Ok(Play::Normal),
            Some(name) => Play::from_wrapper(name).ok_or_else(|| {
                ApiError::bad(format!(
                    "unknown play `{name}`: write normal, misere or every"
                ))
            }),
        }
    }
}

fn check_length(text: &str, what: &str) -> Result<(), ApiError> {
    if text.len() > MAX_EXPRESSION {
        return Err(ApiError::bad(format!(
            "the {what} is {} bytes long; this server reads at most {MAX_EXPRESSION}",
            text.len()
        )));
    }
    if text.trim().is_empty() {
        return Err(ApiError::bad(format!("the {what} is empty")));
    }
    Ok(())
}

/// Checks a position request, then runs `job` on the parsed position
/// within the request's limits: the shape of every position endpoint.
async fn with_position<T, F>(s: Arc<Shared>, r: PositionRequest, job: F) -> Response
where
    T: Serialize + Send + 'static,
    F: FnOnce(Played, &Limits) -> Result<T, ApiError> + Send + 'static,
{
    let play = match r.play() {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let PositionRequest {
        position, files, ..
    } = r;
    s.run(files, move |limits| {
        let played = analysis::parse(&position, play, limits)?;
        job(played, limits)
    })
    .await
}

/// `/api/value`: the front door's report.
pub async fn value(State(s): State<Arc<Shared>>, Input(r): Input<PositionRequest>) -> Response {
    with_position(s, r, |p, limits| {
        Ok(analysis::analyze(
            &p.position,
            p.play,
            Method::Auto,
            limits,
        )?)
    })
    .await
}

/// `/api/moves`: every move and where it leads.
pub async fn moves(State(s): State<Arc<Shared>>, Input(r): Input<PositionRequest>) -> Response {
    with_position(s, r, |p, limits| {
        Ok(analysis::moves(&p.position, p.play, Method::Auto, limits)?)
    })
    .await
}

/// The answer of `/api/graph`.
#[derive(Serialize)]
struct GraphReply {
    position: String,
    #[serde(flatten)]
    graph: GameGraph,
}

/// `/api/graph`: the game graph of a small position with its mex steps.
pub async fn graph(State(s): State<Arc<Shared>>, Input(r): Input<PositionRequest>) -> Response {
    with_position(s, r, |p, limits| {
        if p.play != Play::Normal {
            return Err(ApiError::bad(
                "the graph shows normal-play Grundy values; remove misere(...) or every(...)",
            ));
        }
        match game_graph::explore(&p.position, MAX_GRAPH_NODES, limits)? {
            Explored::Graph(graph) => Ok(GraphReply {
                position: p.position.to_string(),
                graph,
            }),
            Explored::TooLarge {
                positions,
                exact,
                max_nodes,
            } => {
                let size = if exact {
                    format!("{positions}")
                } else {
                    format!("more than {}", positions.saturating_sub(1))
                };
                let mut e = ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "the game graph of {} has {size} positions; at most {max_nodes} are drawn: try a smaller position, or the table of its family",
                        p.position
                    ),
                );
                e.extra = Some(serde_json::json!({
                    "position": p.position.to_string(),
                    "positions": positions,
                    "exact": exact,
                    "max_nodes": max_nodes,
                }));
                Err(e)
            }
        }
    })
    .await
}

/// The answer of `/api/play`.
#[derive(Serialize)]
struct PlayReply {
    /// The position the engine was asked to move from.
    position: String,
    /// True when the engine has no move: it has lost.
    finished: bool,
    /// The engine's move and why.
    reply: Option<Choice>,
}

/// `/api/play`: the perfect opponent's move (normal or misère play).
pub async fn play(State(s): State<Arc<Shared>>, Input(r): Input<PositionRequest>) -> Response {
    let seed = r.seed.unwrap_or_else(clock_seed);
    with_position(s, r, move |p, limits| {
        let reply = choose_move_in(&p.position, p.play, limits, &mut Rng::new(seed))?;
        Ok(PlayReply {
            position: p.position.to_string(),
            finished: reply.is_none(),
            reply,
        })
    })
    .await
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The most cells or vertices a board sent to the page may have (Cram and
/// Node Kayles boards have at most 128; a Chomp bar may be far larger).
pub const MAX_BOARD_SPOTS: usize = 400;

/// The answer of `/api/board`.
#[derive(Serialize)]
struct BoardReply {
    position: String,
    boards: Vec<BoardView>,
}

/// `/api/board`: the components played on a board (Cram, Node Kayles,
/// Chomp), laid out as cells or vertices, with every move and the cells it
/// plays, so that the page can draw a board and take a move by clicks.
pub async fn board(State(s): State<Arc<Shared>>, Input(r): Input<PositionRequest>) -> Response {
    with_position(s, r, |p, limits| {
        Ok(BoardReply {
            position: p.position.to_string(),
            boards: boards(&p.position, MAX_BOARD_SPOTS, limits)?,
        })
    })
    .await
}

/// A request for a family's table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRequest {
    /// The family: `sub{1,3,4}`, `kayles`, `wythoff`.
    family: String,
    /// How far: `N` for G(0..N), `AxB` for a two-parameter table.
    #[serde(default)]
    to: Option<String>,
    /// The texts of the files the family names.
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// The language of the plot's title and axes: `en` (default) or `zh`.
    #[serde(default)]
    lang: Option<String>,
}

/// The words of a table's plot, in English or Chinese.
struct PlotWords {
    /// The legend's words as the library writes them, and in this
    /// language: the library's plots are in English, and their legends
    /// are short fixed phrases.
    legend: &'static [(&'static str, &'static str)],
    one_title: &'static str,
    one_x: &'static str,
    two_title: &'static str,
    two_x: &'static str,
    two_y: &'static str,
}

const PLOT_EN: PlotWords = PlotWords {
    legend: &[],
    one_title: "Grundy values of {f}, n = 0..{to}",
    one_x: "n (heap size)",
    two_title: "Grundy values of {f}(a, b), a = 0..{rows}, b = 0..{columns}",
    two_x: "a (first number)",
    two_y: "b (second number)",
};

const PLOT_ZH: PlotWords = PlotWords {
    legend: &[
        (">P-position (G = 0)<", ">必败态 P（G = 0）<"),
        (">N-position<", ">必胜态 N<"),
        (">P-position<", ">必败态 P<"),
    ],
    one_title: "{f} 的 SG 值，n = 0..{to}",
    one_x: "n（石子数）",
    two_title: "{f}(a, b) 的 SG 值，a = 0..{rows}，b = 0..{columns}",
    two_x: "a（第一个数）",
    two_y: "b（第二个数）",
};

impl PlotWords {
    /// The library's `svg` with its legend in this language.
    fn legend(&self, svg: String) -> String {
        self.legend
            .iter()
            .fold(svg, |svg, (from, to)| svg.replace(from, to))
    }

    fn of(lang: Option<&str>) -> Result<&'static PlotWords, ApiError> {
        match lang {
            None | Some("en") => Ok(&PLOT_EN),
            Some("zh") => Ok(&PLOT_ZH),
            Some(other) => Err(ApiError::bad(format!(
                "unknown language `{other}`: write en or zh"
            ))),
        }
    }
}

/// `text` with each `{name}` replaced by its value.
fn fill(text: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    values.iter().fold(text.to_string(), |s, (name, value)| {
        s.replace(&format!("{{{name}}}"), &value.to_string())
    })
}

/// The answer of `/api/table`.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum TableReply {
    /// G(0..=to) of a one-heap family.
    One {
        family: String,
        to: u64,
        values: Vec<Nimber>,
        period: Option<PeriodReport>,
        svg: String,
    },
    /// G(a, b) for a in 0..=rows, b in 0..=columns.
    Two {
        family: String,
        rows: u64,
        columns: u64,
        values: Vec<Vec<Nimber>>,
        svg: String,
    },
}

/// `/api/table`: a family's values, their period and the plot.
pub async fn table(State(s): State<Arc<Shared>>, Input(r): Input<TableRequest>) -> Response {
    if let Err(e) = check_length(&r.family, "family") {
        return e.into_response();
    }
    let requested = match r.to.as_deref().map(Extent::parse).transpose() {
        Ok(e) => e,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let words = match PlotWords::of(r.lang.as_deref()) {
        Ok(w) => w,
        Err(e) => return e.into_response(),
    };
    s.run(r.files, move |limits| {
        let family = grundy::expr::family_named_with(&r.family, limits)?;
        let head = family.head();
        match extent_for(family.as_ref(), requested, 100, 20, limits)? {
            Extent::One(to) => {
                if to >= MAX_TABLE_VALUES {
                    return Err(too_many(u128::from(to) + 1));
                }
                let values = grundy::pattern::values(family.as_ref(), to, limits)?;
                let period = table_period(family.as_ref(), &values, limits)
                    .map(|p| PeriodReport::of_period(&head, &p));
                let svg = scatter(
                    &values,
                    &Labels {
                        title: fill(words.one_title, &[("f", &head), ("to", &to)]),
                        x: words.one_x.into(),
                        y: "G(n)".into(),
                    },
                );
                Ok(TableReply::One {
                    family: head,
                    to,
                    values,
                    period,
                    svg: words.legend(svg),
                })
            }
            Extent::Two(rows, columns) => {
                let cells = (u128::from(rows) + 1) * (u128::from(columns) + 1);
                if cells > u128::from(MAX_TABLE_VALUES) {
                    return Err(too_many(cells));
                }
                let plane = Plane::compute(family.as_ref(), rows, columns, limits)?;
                let svg = heat_map(
                    &plane,
                    &Labels {
                        title: fill(
                            words.two_title,
                            &[("f", &head), ("rows", &rows), ("columns", &columns)],
                        ),
                        x: words.two_x.into(),
                        y: words.two_y.into(),
                    },
                );
                Ok(TableReply::Two {
                    family: head,
                    rows,
                    columns,
                    values: plane.values,
                    svg: words.legend(svg),
                })
            }
        }
    })
    .await
}

/// A refusal of a table (or a quotient's `Φ` row) longer than the server
/// computes, with its numbers, for a page that words it in its language.
fn too_many(count: u128) -> ApiError {
    let mut e = ApiError::bad(format!(
        "{count} values asked for; this server computes at most {MAX_TABLE_VALUES} per table"
    ));
    e.extra = Some(serde_json::json!({
        "kind": "too_many",
        "count": count,
        "max": MAX_TABLE_VALUES,
    }));
    e
}

/// A request for the misère quotient of a one-heap family.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotientRequest {
    /// The family: `kayles`, `octal[0.75]`, `sub{2,3,7}`.
    family: String,
    /// The largest heap `N`, a count as the command line's `--to` reads
    /// it (`20`, `1e3`): the quotient is of every sum of heaps `0..=N`.
    to: String,
    /// The texts of the files the family names.
    #[serde(default)]
    files: BTreeMap<String, String>,
}

/// `/api/quotient`: the library's report of the misère quotient, the JSON
/// `grundy quotient --json` prints. Its `Φ(0..=N)` is a row of the
/// Table panel, so the heaps are bounded as a table's values are.
pub async fn quotient(State(s): State<Arc<Shared>>, Input(r): Input<QuotientRequest>) -> Response {
    if let Err(e) = check_length(&r.family, "family") {
        return e.into_response();
    }
    let to = match grundy::limits::parse_count(&r.to) {
        Ok(to) if to >= MAX_TABLE_VALUES => return too_many(u128::from(to) + 1).into_response(),
        Ok(to) => to,
        Err(e) => return ApiError::from(e).into_response(),
    };
    s.run(r.files, move |limits| {
        let family = grundy::expr::family_named_with(&r.family, limits)?;
        Ok(misere_quotient(&family, to, limits)?)
    })
    .await
}

/// `/api/families`: every built-in family and its syntax.
pub async fn families() -> Response {
    let list: Vec<_> = grundy::expr::families().collect();
    Json(list).into_response()
}

/// Any other path under `/api/`.
pub async fn not_found() -> Response {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such endpoint: the API has /api/value, /api/moves, /api/graph, /api/board, /api/table, /api/quotient, /api/play and /api/families",
    )
    .into_response()
}
