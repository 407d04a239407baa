//! Regions of a rectangular grid as bitboards: their connected pieces,
//! their smallest enclosing box, and one canonical form under the eight
//! symmetries of the square.
//!
//! A [`Region`] is a set of cells of an `h × w` box, numbered row by row
//! (cell `r * w + c` is bit `r * w + c` of a word: see [`Bits`]), so a box holds at
//! most 128 cells. Cram and Node Kayles on a grid depend only on the shape
//! of the free cells, not on where the shape sits or how it is turned, so
//! the search stores each piece once, moved to the corner of its box and
//! turned to its least image.

use std::sync::OnceLock;

pub use super::bits::low_bits;
use super::bits::{Bits, highest, lowest};

/// The most cells a board (and so a region's box) may have.
pub const MAX_CELLS: usize = 128;

/// A set of cells of an `h × w` box, kept in a word of type `B` (see
/// [`Bits`]; `h * w` must be at most `B::BITS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region<B: Bits = u128> {
    /// Rows of the box.
    pub h: u8,
    /// Columns of the box.
    pub w: u8,
    /// The cells, bit `r * w + c` for row `r` and column `c`.
    pub bits: B,
}

/// Masks of one box size, computed once: every cell, the cells that have a
/// left neighbour, the cells that have a right neighbour, and the words
/// [`Region::transpose`] multiplies and masks by.
#[derive(Clone, Copy, Default)]
struct Masks {
    all: u128,
    has_left: u128,
    has_right: u128,
    /// The first column: bit `r * w` for every row `r`.
    column: u128,
    /// Bit `(h - 1) * (w - 1) - r * (w - 1)` for every row `r`: a column
    /// times this lands in one row (see [`Region::transpose`]).
    gather: u128,
    /// Bit `c * (h - 1)` for every column `c`: a row times this lands in
    /// one column of the transposed box.
    spread: u128,
    /// Bit `c * h` for every column `c`: that column of the transposed box.
    spread_to: u128,
}

/// The masks of every box of at most [`MAX_CELLS`] cells, indexed by
/// `h * (MAX_CELLS + 1) + w`.
fn masks(h: u8, w: u8) -> Masks {
    static TABLE: OnceLock<Vec<Masks>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let side = MAX_CELLS + 1;
        let mut t = vec![Masks::default(); side * side];
        for h in 1..=MAX_CELLS {
            for w in 1..=MAX_CELLS / h {
                let mut m = Masks::default();
                for r in 0..h {
                    m.column |= 1 << (r * w);
                    m.gather |= 1 << ((h - 1 - r) * (w - 1));
                }
                for c in 0..w {
                    m.spread |= 1 << (c * (h - 1));
                    m.spread_to |= 1 << (c * h);
                }
                for r in 0..h {
                    for c in 0..w {
                        let bit = 1u128 << (r * w + c);
                        m.all |= bit;
                        if c > 0 {
                            m.has_left |= bit;
                        }
                        if c + 1 < w {
                            m.has_right |= bit;
                        }
                    }
                }
                t[h * side + w] = m;
            }
        }
        t
    });
    table[h as usize * (MAX_CELLS + 1) + w as usize]
}

/// The masks of an `h × w` box in the word `B`.
#[inline]
fn masks_in<B: Bits>(h: u8, w: u8) -> [B; 3] {
    let m = masks(h, w);
    [m.all, m.has_left, m.has_right].map(B::from_wide)
}

/// The words [`Region::transpose`] needs for an `h × w` box in the word
/// `B`: the first column, `gather`, `spread` and `spread_to` (see
/// [`Masks`]).
#[inline]
fn transpose_masks_in<B: Bits>(h: u8, w: u8) -> [B; 4] {
    let m = masks(h, w);
    [m.column, m.gather, m.spread, m.spread_to].map(B::from_wide)
}

/// `ceil(2^16 / w)` for every width `w` up to [`MAX_CELLS`] (0 for 0).
const RECIPROCALS: [u32; MAX_CELLS + 1] = {
    let mut t = [0; MAX_CELLS + 1];
    let mut w = 1;
    while w <= MAX_CELLS {
        t[w] = (1u32 << 16).div_ceil(w as u32);
        w += 1;
    }
    t
};

/// The row of cell `cell` in a box `w` cells wide: `cell / w` by a
/// multiplication, since a division is several times slower and the
/// canonical form of every option needs two. Exact: `cell * ceil(2^16 /
/// w)` exceeds `cell * 2^16 / w` by less than `cell < 2^7`, and the
/// fraction `cell / w - row` is at most `1 - 1 / w`, which leaves at
/// least `2^16 / w >= 2^9` to the next row.
#[inline]
fn row_of(cell: u32, w: u8) -> u32 {
    debug_assert!((cell as usize) < MAX_CELLS);
    (cell * RECIPROCALS[w as usize]) >> 16
}

/// The cells of `p` (in a box `w` wide whose cells with a left and a
/// right neighbour are `has_left` and `has_right`) with a neighbour in `p`
/// to the left, to the right, above and below.
#[inline]
fn sides_of<B: Bits>(p: B, w: u32, has_left: B, has_right: B) -> [B; 4] {
    [
        p & (p << 1) & has_left,
        p & (p >> 1) & has_right,
        p & p.shl_out(w),
        p & p.shr_out(w),
    ]
}

/// The cells with exactly one of the neighbours `sides` (see [`sides_of`]).
#[inline]
fn dead_ends_of<B: Bits>([left, right, up, down]: [B; 4]) -> B {
    let odd = left ^ right ^ up ^ down;
    let two = (left & right) | ((left | right) & (up | down)) | (up & down);
    odd & !two
}

/// The cells of `p` next to a cell of `set` (box as in [`sides_of`]).
#[inline]
fn next_to_in<B: Bits>(p: B, set: B, w: u32, has_left: B, has_right: B) -> B {
    (((set << 1) & has_left) | ((set >> 1) & has_right) | set.shl_out(w) | set.shr_out(w)) & p
}

/// The cells of `p` reached from `seed` as [`Region::reach`] says (box
/// as in [`sides_of`]).
#[inline]
fn reach_in<B: Bits>(
    p: B,
    seed: B,
    cut_right: B,
    cut_down: B,
    w: u32,
    has_left: B,
    has_right: B,
) -> B {
    let mut set = seed & p;
    loop {
        let next = (set
            | (((set & !cut_right) << 1) & has_left)
            | ((set >> 1) & has_right & !cut_right)
            | (set & !cut_down).shl_out(w)
            | (set.shr_out(w) & !cut_down))
            & p;
        if next == set {
            return set;
        }
        set = next;
    }
}

/// The bridges of `p` (see [`Region::without_bridges`]), given its dead
/// ends `ends` (box as in [`sides_of`]).
#[inline]
fn bridges_of<B: Bits>(p: B, ends: B, w: u32, has_left: B, has_right: B) -> B {
    let has_end = next_to_in(p, ends, w, has_left, has_right);
    p & !ends & !next_to_in(p, p & !has_end, w, has_left, has_right)
}

/// The dead ends `ends` that [`Region::without_extra_dead_ends`] takes
/// away, of a region with the neighbours `sides` in a box `w` wide.
#[inline]
fn extra_dead_ends<B: Bits>([left, right, up, down]: [B; 4], ends: B, w: u32) -> B {
    // Each dead end points at its neighbour; a neighbour already
    // pointed at keeps the dead end it has, and the new one goes.
    let mut pointed = B::ZERO;
    let mut gone = B::ZERO;
    let left_ends = ends & left;
    pointed |= left_ends >> 1;
    let right_ends = ends & right;
    gone |= ((right_ends << 1) & pointed) >> 1;
    pointed |= right_ends << 1;
    let up_ends = ends & up;
    gone |= (up_ends.shr_out(w) & pointed).shl_out(w);
    pointed |= up_ends.shr_out(w);
    let down_ends = ends & down;
    gone |= (down_ends.shl_out(w) & pointed).shr_out(w);
    gone
}

/// The cells `bits` of an `h × w` box with the order of its rows reversed.
#[inline]
fn rows_reversed<B: Bits>(h: u32, w: u32, bits: B) -> B {
    let line = low_bits::<B>(w);
    let mut flipped = B::ZERO;
    for r in 0..h {
        flipped |= ((bits >> (r * w)) & line) << ((h - 1 - r) * w);
    }
    flipped
}

/// The cells `bits` of a box of `n` cells turned half a turn: one
/// reversal of the word.
#[inline]
fn half_turned<B: Bits>(n: u32, bits: B) -> B {
    bits.reverse_bits().shr_out(B::BITS - n)
}

/// The least of the four images of the cells `bits` of an `h × w` box
/// that keep the box: as is, rows reversed, half turned, and columns
/// reversed. A half turn is one reversal of the word while reversing the
/// rows takes a step per row, so the rows are reversed once and the
/// columns reversed as the half turn of that.
#[inline]
fn least_in_box<B: Bits>(h: u8, w: u8, bits: B) -> B {
    let (h, w) = (h as u32, w as u32);
    let flipped = rows_reversed(h, w, bits);
    let turned = half_turned(h * w, bits);
    let flipped_turned = half_turned(h * w, flipped);
    bits.min(flipped).min(turned).min(flipped_turned)
}

impl<B: Bits> Region<B> {
    /// The region `bits` of an `h × w` box; `h * w` must be at most
    /// [`MAX_CELLS`] and at most `B::BITS`.
    pub fn new(h: u8, w: u8, bits: B) -> Region<B> {
        debug_assert!(h as usize * w as usize <= MAX_CELLS.min(B::BITS as usize));
        Region { h, w, bits }
    }

    /// The number of cells.
    pub fn len(&self) -> u32 {
        self.bits.count_ones()
    }

    /// Whether the region has no cells.
    pub fn is_empty(&self) -> bool {
        self.bits == B::ZERO
    }

    /// The cells of `set` (a subset of the box) with their four neighbours.
    pub fn grow(&self, set: B) -> B {
        let [all, has_left, has_right] = masks_in::<B>(self.h, self.w);
        let w = self.w as u32;
        (set | ((set << 1) & has_left) | ((set >> 1) & has_right) | set.shl_out(w) | set.shr_out(w))
            & all
    }

    /// Pairs of horizontally adjacent cells of the region: bit `i` is set
    /// when cells `i` and `i + 1` are both in it.
    pub fn horizontal_pairs(&self) -> B {
        let [_, _, has_right] = masks_in::<B>(self.h, self.w);
        self.bits & (self.bits >> 1) & has_right
    }

    /// Pairs of vertically adjacent cells: bit `i` is set when cells `i`
    /// and `i + w` are both in the region.
    pub fn vertical_pairs(&self) -> B {
        self.bits & self.bits.shr_out(self.w as u32)
    }

    /// Appends the connected pieces of the region (four-neighbour
    /// adjacency) to `out`, each still in this box.
    pub fn pieces(&self, out: &mut Vec<B>) {
        let mut rest = *self;
        while rest.bits != B::ZERO {
            let piece = rest.piece_of(lowest(rest.bits));
            out.push(piece);
            rest.bits &= !piece;
        }
    }

    /// The connected piece of the region that holds the cells `seed`: the
    /// seed grown by neighbours within the region until it stops growing.
    pub fn piece_of(&self, seed: B) -> B {
        self.reach(seed, B::ZERO, B::ZERO)
    }

    /// Whether the region is connected, given that it is with the cells
    /// `removed` (not in it) added back: it is when the cells next to
    /// `removed` are joined near them, within two steps of `removed`,
    /// since any path through `removed` can then go round. A `false` may
    /// still be connected (joined further away).
    pub fn stays_connected(&self, removed: B) -> bool {
        // Every option of a Cram search asks this, so the box's masks are
        // fetched once for all four steps.
        let [all, has_left, has_right] = masks_in::<B>(self.h, self.w);
        let w = self.w as u32;
        let around = next_to_in(self.bits, removed, w, has_left, has_right);
        if around.count_ones() <= 1 {
            return true;
        }
        let once = removed | next_to_in(all, removed, w, has_left, has_right);
        let near = (once | next_to_in(all, once, w, has_left, has_right)) & self.bits;
        let joined = reach_in(
            near,
            lowest(around),
            B::ZERO,
            B::ZERO,
            w,
            has_left,
            has_right,
        );
        around & !joined == B::ZERO
    }

    /// Row `r` of the region as the low `w` bits.
    fn row(&self, r: u32) -> B {
        (self.bits >> (r * self.w as u32)) & low_bits(self.w as u32)
    }

    /// The region moved to the corner of its smallest enclosing box.
    pub fn shrink(&self) -> Region<B> {
        if self.bits == B::ZERO {
            return Region::new(0, 0, B::ZERO);
        }
        let w = self.w as u32;
        let top = row_of(self.bits.trailing_zeros(), self.w);
        let bottom = row_of(highest(self.bits), self.w);
        let [_, has_left, has_right] = masks_in::<B>(self.h, self.w);
        // Most regions still touch both sides of their box.
        let (left, right) = if self.bits & !has_left != B::ZERO && self.bits & !has_right != B::ZERO
        {
            (0, w - 1)
        } else {
            let columns = (top..=bottom).fold(B::ZERO, |acc, r| acc | self.row(r));
            (columns.trailing_zeros(), highest(columns))
        };
        let (h2, w2) = (bottom - top + 1, right - left + 1);
        if h2 == self.h as u32 && w2 == w {
            return *self;
        }
        if w2 == w {
            return Region::new(h2 as u8, self.w, self.bits >> (top * w));
        }
        let mut bits = B::ZERO;
        for r in top..=bottom {
            bits |= (self.row(r) >> left) << ((r - top) * w2);
        }
        Region::new(h2 as u8, w2 as u8, bits)
    }

    /// The region with the order of its rows reversed (followed by a half
    /// turn, it reverses the columns instead).
    #[cfg(test)]
    fn flip_rows(&self) -> Region<B> {
        let bits = rows_reversed(self.h as u32, self.w as u32, self.bits);
        Region::new(self.h, self.w, bits)
    }

    /// The region turned half a turn.
    pub fn half_turn(&self) -> Region<B> {
        let n = self.h as u32 * self.w as u32;
        Region::new(self.h, self.w, half_turned(n, self.bits))
    }

    /// The region reflected in its main diagonal (rows become columns).
    ///
    /// One multiplication moves a whole line of cells: a wide box gathers
    /// each of its columns into a row, a tall box spreads each of its rows
    /// into a column. Why no two bits meet (so no carry spoils the line):
    /// gathering, the bit of row `r` times the bit of `gather` for row `s`
    /// lands at `(h - 1) * (w - 1) + s + (r - s) * w`, and with `s` below
    /// `h`, at most `w`, two such places are equal only for the same `r`
    /// and `s`; the place is in the wanted row (`r - s` is 0) only for
    /// `r == s`. Spreading is the same with rows and columns exchanged,
    /// which needs `w` below `h` (in a square box the first and the last
    /// column would meet). The wanted places lie below `h * w`, within the
    /// word; places past the word are dropped, which changes no lower bit.
    fn transpose(&self) -> Region<B> {
        let (h, w) = (self.h as u32, self.w as u32);
        let [column, gather, spread, spread_to] = transpose_masks_in::<B>(self.h, self.w);
        let mut bits = B::ZERO;
        if h <= w {
            let line = low_bits::<B>(h);
            let from = (h - 1) * (w - 1);
            for c in 0..w {
                let cells = (self.bits >> c) & column;
                bits |= ((cells.wrapping_mul(gather) >> from) & line) << (c * h);
            }
        } else {
            for r in 0..h {
                bits |= (self.row(r).wrapping_mul(spread) & spread_to) << r;
            }
        }
        Region::new(self.w, self.h, bits)
    }

    /// The least of the region's images under the symmetries of its box
    /// (after [`Region::shrink`]): equal shapes get equal forms.
    ///
    /// Regions order by rows first, so only the images with fewer rows
    /// than columns (or all eight, for a square box) can be least.
    pub fn canonical(&self) -> Region<B> {
        self.shrink().least_image()
    }

    /// [`Region::canonical`] of a region already moved to the corner of
    /// its smallest box ([`Region::shrink`]).
    pub fn least_image(&self) -> Region<B> {
        let mut base = *self;
        if base.bits == B::ZERO {
            return base;
        }
        if base.h > base.w {
            base = base.transpose();
        }
        // The images are compared as words, all of one box, and the form
        // is made once at the end: comparing whole regions, made field by
        // field, made each comparison wait for their stores.
        let (h, w) = (base.h, base.w);
        let mut best = least_in_box(h, w, base.bits);
        if h == w {
            best = best.min(least_in_box(h, w, base.transpose().bits));
        }
        Region::new(h, w, best)
    }

    /// Whether the second player wins by answering every move with its
    /// image under the half turn (Tweedledum and Tweedledee): the region
    /// is its own half turn, and no cell is its own image or next to it,
    /// so the answering move is always free. Holds for Cram and for Node
    /// Kayles alike, since in both a move and its image never meet.
    pub fn mirror_wins(&self) -> bool {
        // The half turn takes the first cell to the last: a region whose
        // first and last cells are not each other's images is not its own
        // half turn, and that is most regions (checked before turning it).
        let n = self.h as u32 * self.w as u32;
        if self.bits != B::ZERO && self.bits.trailing_zeros() + highest(self.bits) != n - 1 {
            return false;
        }
        if self.half_turn().bits != self.bits {
            return false;
        }
        let (h, w) = (self.h as u32, self.w as u32);
        let centre = |r: u32, c: u32| (self.bits >> (r * w + c)) & B::ONE == B::ONE;
        match (h % 2, w % 2) {
            (1, 1) => !centre(h / 2, w / 2),
            (1, 0) => !centre(h / 2, w / 2 - 1),
            (0, 1) => !centre(h / 2 - 1, w / 2),
            _ => true,
        }
    }

    /// The region without the extra dead ends of Cram: where a cell has two
    /// or more neighbours that are dead ends (cells whose one neighbour it
    /// is), all but one of those dead ends go. The Cram value is the same.
    ///
    /// Why: let `c` have dead ends `t1` and `t2`. A domino on `c` and `t1`
    /// or on `c` and `t2` leaves the same position up to a cell with no
    /// free neighbour; a domino on `c` and another neighbour leaves both
    /// dead ends with no free neighbour; any other domino leaves `c` with
    /// both dead ends, so (by induction on the number of cells) its option
    /// has the value of the same option without `t2`. So the position and
    /// the position without `t2` have options of the same values. (Beling's
    /// Cram solver reduces such "stars" too.)
    pub fn without_extra_dead_ends(&self) -> Region<B> {
        let sides = self.sides();
        let ends = dead_ends_of(sides);
        if ends == B::ZERO {
            return *self;
        }
        let gone = extra_dead_ends(sides, ends, self.w as u32);
        Region::new(self.h, self.w, self.bits & !gone)
    }

    /// The cells of the region with a neighbour in it to the left, to the
    /// right, above and below.
    fn sides(&self) -> [B; 4] {
        let [_, has_left, has_right] = masks_in::<B>(self.h, self.w);
        sides_of(self.bits, self.w as u32, has_left, has_right)
    }

    /// The dead ends: cells with exactly one neighbour in the region.
    fn dead_ends(&self) -> B {
        dead_ends_of(self.sides())
    }

    /// The region without Cram's bridges: cells that are not dead ends and
    /// all of whose neighbours have a dead end. The Cram value is the same.
    ///
    /// Why, for a bridge `m`, by induction on the number of cells: a domino
    /// on `m` and a neighbour `s` leaves the dead end `t` of `s` with no
    /// free neighbour, the position of the domino `s`–`t` without `m`. Any
    /// other domino leaves `m` a bridge (its neighbours keep their dead
    /// ends), a dead end beside another dead end (see
    /// [`Region::without_extra_dead_ends`]), or alone; in each case its
    /// value is that of the same domino without `m`. So the options of the
    /// region and of the region without `m` have the same values. No bridge
    /// is next to another (a bridge has no dead end), so all go at once.
    /// (Beling's Cram solver removes such bridges too.)
    pub fn without_bridges(&self) -> Region<B> {
        let ends = self.dead_ends();
        if ends == B::ZERO {
            return *self;
        }
        let [_, has_left, has_right] = masks_in::<B>(self.h, self.w);
        let bridges = bridges_of(self.bits, ends, self.w as u32, has_left, has_right);
        Region::new(self.h, self.w, self.bits & !bridges)
    }

    /// The region after [`Region::without_extra_dead_ends`] and then
    /// [`Region::without_bridges`], and whether a bridge went (which may
    /// cut the region in two). The same cells as the two steps, found with
    /// the box's masks fetched once and the sides and dead ends found
    /// once: the bridges need the dead ends of what the first step leaves,
    /// which are the ones it started from unless a dead end went, and
    /// every option of a Cram search passes through here.
    pub fn cram_reduced(&self) -> (Region<B>, bool) {
        let [_, has_left, has_right] = masks_in::<B>(self.h, self.w);
        let w = self.w as u32;
        let mut p = self.bits;
        let sides = sides_of(p, w, has_left, has_right);
        let mut ends = dead_ends_of(sides);
        if ends == B::ZERO {
            return (*self, false);
        }
        let gone = extra_dead_ends(sides, ends, w);
        if gone != B::ZERO {
            p &= !gone;
            ends = dead_ends_of(sides_of(p, w, has_left, has_right));
            if ends == B::ZERO {
                return (Region::new(self.h, self.w, p), false);
            }
        }
        let bridges = bridges_of(p, ends, w, has_left, has_right);
        (
            Region::new(self.h, self.w, p & !bridges),
            bridges != B::ZERO,
        )
    }

    /// For Cram, on a connected region: a part of it that is a game of its
    /// own, though a domino may still join it to the rest, or `None`.
    ///
    /// The part is cut at a pinched square: four free cells `a b / c d`
    /// where `a` has no free neighbour above or to its left and `d` none
    /// below or to its right (or the mirror image, `b` and `c` pinched),
    /// and where cutting the two links across the square (`a`–`b` and
    /// `c`–`d`, or `a`–`c` and `b`–`d`) splits the region into two parts.
    /// The value is then the nim-sum of the parts' values (Beling's Cram
    /// solver cuts at such squares). Why, for the cut between columns, by
    /// induction on the number of cells, with `L` the part holding `a`, `c`
    /// and `R` the part holding `b`, `d`: in `L` the cell `a` is a dead end
    /// of `c`, in `R` the cell `d` one of `b`. A domino `a`–`c` or `b`–`d`
    /// leaves the parts apart, as in `L + R`. A domino `a`–`b` leaves `d` a
    /// dead end of `c`, which is `L` again (`d` in place of `a`) beside `R`
    /// without `b`, `d`: the value of `b`–`d` in `L + R`; likewise `c`–`d`
    /// has the value of `a`–`c`. A domino from `c` to a cell of `L` outside
    /// the square leaves `a` and `d` both dead ends of `b`, so one of them
    /// goes (see [`Region::without_extra_dead_ends`]), leaving the move's
    /// position of `L + R`; likewise for `b`. Any other domino leaves the
    /// square pinched, so by induction its value is that of the same move in
    /// `L + R`. The options have the same values, so the positions do.
    pub fn pinch_cut(&self) -> Option<B> {
        let [_, has_left, has_right] = masks_in::<B>(self.h, self.w);
        let (p, w) = (self.bits, self.w as u32);
        // The cells whose neighbour on each side is free.
        let left = (p << 1) & has_left;
        let right = (p >> 1) & has_right;
        let up = p.shl_out(w);
        let down = p.shr_out(w);
        let top_left = p & !left & !up & right & down;
        let bottom_right = p & !right & !down & left & up;
        let top_right = p & !right & !up & left & down;
        let bottom_left = p & !left & !down & right & up;
        // Pinched squares, by their top-left cell.
        let mut squares =
            (top_left & bottom_right.shr_out(w + 1)) | ((top_right >> 1) & bottom_left.shr_out(w));
        while squares != B::ZERO {
            let a = lowest(squares);
            squares = squares & (squares - B::ONE);
            let (b, c) = (a << 1, a.shl_out(w));
            // Cut between the columns, then between the rows.
            for (cut_right, cut_down, across) in [(a | c, B::ZERO, b), (B::ZERO, a | b, c)] {
                let part = reach_in(p, a, cut_right, cut_down, w, has_left, has_right);
                if part & across == B::ZERO {
                    return Some(part);
                }
            }
        }
        None
    }

    /// The cells of the region reached from `seed` by steps between
    /// neighbours, except from a cell of `cut_right` to its right and from
    /// a cell of `cut_down` down (and back).
    fn reach(&self, seed: B, cut_right: B, cut_down: B) -> B {
        let [_, has_left, has_right] = masks_in::<B>(self.h, self.w);
        let w = self.w as u32;
        reach_in(self.bits, seed, cut_right, cut_down, w, has_left, has_right)
    }

    /// Whether the first player wins Cram by covering the two centre cells
    /// with a domino and then answering every move with its image under
    /// the half turn: the region is its own half turn, its box has one
    /// side odd and one even, and both centre cells are free. Those two
    /// cells are the only ones next to their own images, so once they are
    /// covered every move's image is free (Gardner's strategy for even ×
    /// odd boards).
    pub fn centre_domino_wins(&self) -> bool {
        let (h, w) = (self.h as u32, self.w as u32);
        let cell = |r: u32, c: u32| (self.bits >> (r * w + c)) & B::ONE == B::ONE;
        let centre = match (h % 2, w % 2) {
            (1, 0) => cell(h / 2, w / 2 - 1) && cell(h / 2, w / 2),
            (0, 1) => cell(h / 2 - 1, w / 2) && cell(h / 2, w / 2),
            _ => false,
        };
        centre && self.half_turn().bits == self.bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A region from rows of text, `.` for a cell of the region.
    fn region(rows: &[&str]) -> Region {
        let (h, w) = (rows.len(), rows[0].len());
        let mut bits = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    bits |= 1 << (r * w + c);
                }
            }
        }
        Region::new(h as u8, w as u8, bits)
    }

    #[test]
    fn equal_shapes_have_equal_forms() {
        let l = region(&["....", ".###"]);
        let turned = region(&["#.", "#.", "#.", ".."]);
        let moved = region(&["#####", "#....", "##...", "#####"]);
        assert_eq!(l.canonical(), turned.canonical());
        assert_ne!(l.canonical(), moved.canonical());
        assert_eq!(
            region(&["####", "#..#", "##.#"]).canonical(),
            region(&["..", "#."]).canonical()
        );
    }

    /// The row found by multiplying is the quotient, for every cell of
    /// every box width.
    #[test]
    fn rows_by_reciprocal_are_quotients() {
        for w in 1..=MAX_CELLS as u8 {
            for cell in 0..MAX_CELLS as u32 {
                assert_eq!(row_of(cell, w), cell / w as u32, "{cell} / {w}");
            }
        }
    }

    /// The transpose cell by cell, the plain form of
    /// [`Region::transpose`].
    fn transpose_by_cells<B: Bits>(r: Region<B>) -> Region<B> {
        let mut bits = B::ZERO;
        for row in 0..r.h as u32 {
            for c in 0..r.w as u32 {
                if (r.bits >> (row * r.w as u32 + c)) & B::ONE == B::ONE {
                    bits |= B::ONE << (c * r.h as u32 + row);
                }
            }
        }
        Region::new(r.w, r.h, bits)
    }

    /// Twenty regions of every box of at most [`MAX_CELLS`] cells, the
    /// full box first, then random ones (about three cells in four free in
    /// the low word, as in a search's positions), each given to `check` in
    /// the `u128` word and, when it fits, in the `u64` word.
    fn on_every_box(mut check: impl FnMut(Region<u128>, Option<Region<u64>>)) {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for h in 1..=MAX_CELLS as u8 {
            for w in 1..=(MAX_CELLS / h as usize) as u8 {
                let n = h as u32 * w as u32;
                for i in 0..20 {
                    crate::board::xorshift(&mut x);
                    let random = (x as u128) << 64 | (x | x.rotate_left(17)) as u128;
                    let free = if i == 0 { !0 } else { random };
                    let wide = Region::new(h, w, free & low_bits::<u128>(n));
                    let narrow = (n <= 64).then(|| Region::new(h, w, wide.bits as u64));
                    check(wide, narrow);
                }
            }
        }
    }

    /// The least of all eight images, each built by the plain steps: the
    /// plain form of [`Region::canonical`].
    fn canonical_by_images<B: Bits>(r: Region<B>) -> Region<B> {
        let base = r.shrink();
        if base.bits == B::ZERO {
            return base;
        }
        let t = transpose_by_cells(base);
        [base, t]
            .into_iter()
            .flat_map(|i| [i, i.flip_rows(), i.half_turn(), i.half_turn().flip_rows()])
            .min()
            .expect("eight images")
    }

    /// The transpose by whole lines and the canonical form agree with
    /// their plain forms on every box of each word; the canonical form
    /// stays the least image, so tables saved before it was made faster
    /// still find their pieces.
    #[test]
    fn fast_turns_agree_with_the_plain_ones() {
        on_every_box(|wide, narrow| {
            assert_eq!(wide.transpose(), transpose_by_cells(wide), "{wide:?}");
            assert_eq!(wide.canonical(), canonical_by_images(wide), "{wide:?}");
            if let Some(narrow) = narrow {
                assert_eq!(narrow.transpose(), transpose_by_cells(narrow));
                assert_eq!(narrow.canonical(), canonical_by_images(narrow));
            }
        });
    }

    #[test]
    fn pieces_are_connected_components() {
        let r = region(&["..#.", "#.#.", "###."]);
        let mut out = Vec::new();
        r.pieces(&mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out.iter().map(|p| p.count_ones()).sum::<u32>(), 6);
    }

    /// `stays_connected` never says a region is in one piece when the
    /// flood fill finds two: on random 4 × 5 pieces less each domino.
    #[test]
    fn staying_connected_agrees_with_the_flood_fill() {
        let (h, w) = (4u8, 5u8);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut said_yes = 0;
        for _ in 0..2000 {
            crate::board::xorshift(&mut x);
            let random = Region::new(h, w, (x as u128) & low_bits::<u128>(20));
            if random.is_empty() {
                continue;
            }
            let piece = Region::new(
                h,
                w,
                random.piece_of(random.bits & random.bits.wrapping_neg()),
            );
            let pairs = [
                (piece.horizontal_pairs(), 1),
                (piece.vertical_pairs(), w as u32),
            ];
            for (mut rest, step) in pairs {
                while rest != 0 {
                    let i = rest.trailing_zeros();
                    rest &= rest - 1;
                    let taken = (1u128 << i) | (1u128 << (i + step));
                    let after = Region::new(h, w, piece.bits & !taken);
                    if after.is_empty() {
                        continue;
                    }
                    let mut pieces = Vec::new();
                    after.pieces(&mut pieces);
                    if after.stays_connected(taken) {
                        said_yes += 1;
                        assert_eq!(pieces.len(), 1, "{piece:?} less {taken:b}");
                    }
                }
            }
        }
        assert!(said_yes > 1000);
    }

    /// Every operation gives the same cells in a `u64` as in a `u128`, on
    /// random regions of every box of at most 64 cells.
    #[test]
    fn the_narrow_word_agrees_with_the_wide() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut compared = 0;
        for h in 1..=64u8 {
            for w in 1..=64 / h {
                for _ in 0..40 {
                    crate::board::xorshift(&mut x);
                    // Three in four cells free, as in a search's positions.
                    let free = x | x.rotate_left(17);
                    let n = h as u32 * w as u32;
                    let wide = Region::new(h, w, free as u128 & low_bits::<u128>(n));
                    let narrow = Region::new(h, w, free & low_bits::<u64>(n));
                    let same = |a: Region<u64>, b: Region<u128>| {
                        assert_eq!((a.h, a.w, a.bits as u128), (b.h, b.w, b.bits), "{b:?}");
                    };
                    same(narrow.canonical(), wide.canonical());
                    same(narrow.shrink(), wide.shrink());
                    same(narrow.half_turn(), wide.half_turn());
                    same(
                        narrow.without_extra_dead_ends(),
                        wide.without_extra_dead_ends(),
                    );
                    same(narrow.without_bridges(), wide.without_bridges());
                    // The two steps in one agree with the two steps.
                    let (reduced, bridged) = wide.cram_reduced();
                    let ends_gone = wide.without_extra_dead_ends();
                    let both = ends_gone.without_bridges();
                    assert_eq!((reduced, bridged), (both, both != ends_gone), "{wide:?}");
                    let (narrow_reduced, _) = narrow.cram_reduced();
                    same(narrow_reduced, reduced);
                    assert_eq!(narrow.mirror_wins(), wide.mirror_wins());
                    assert_eq!(narrow.centre_domino_wins(), wide.centre_domino_wins());
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    narrow.pieces(&mut a);
                    wide.pieces(&mut b);
                    assert_eq!(a.iter().map(|&p| p as u128).collect::<Vec<_>>(), b);
                    for (&pa, &pb) in a.iter().zip(&b) {
                        let (pa, pb) = (Region::new(h, w, pa), Region::new(h, w, pb));
                        assert_eq!(pa.pinch_cut().map(u128::from), pb.pinch_cut());
                        let cell = lowest(pb.bits);
                        assert_eq!(pa.grow(cell as u64) as u128, pb.grow(cell));
                        assert_eq!(pa.stays_connected(cell as u64), pb.stays_connected(cell));
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 10_000);
    }

    /// The mirror strategy's test with its quick look at the first and
    /// last cells agrees with the plain test (its own half turn, no cell
    /// next to its image), on random regions of every box and on those
    /// regions made their own half turns.
    #[test]
    fn the_quick_mirror_test_agrees_with_the_plain_one() {
        let plain = |r: Region<u128>| {
            let (h, w) = (r.h as u32, r.w as u32);
            let image = |cell: u32| h * w - 1 - cell;
            let next_to_image = (0..h * w).any(|cell| {
                let (row, col) = (cell / w, cell % w);
                let (irow, icol) = (image(cell) / w, image(cell) % w);
                (r.bits >> cell) & 1 == 1 && row.abs_diff(irow) + col.abs_diff(icol) <= 1
            });
            r.half_turn() == r && !next_to_image
        };
        let mut symmetric = 0;
        on_every_box(|wide, narrow| {
            let turned = Region::new(wide.h, wide.w, wide.bits | wide.half_turn().bits);
            for r in [wide, turned] {
                assert_eq!(r.mirror_wins(), plain(r), "{r:?}");
                symmetric += r.mirror_wins() as u32;
            }
            if let Some(narrow) = narrow {
                assert_eq!(narrow.mirror_wins(), wide.mirror_wins(), "{wide:?}");
            }
        });
        assert!(symmetric > 100, "{symmetric}");
    }

    #[test]
    fn mirror_needs_no_centre_cell() {
        assert!(region(&["....", "...."]).mirror_wins());
        assert!(!region(&["...", "..."]).mirror_wins()); // the middle pair touch
        assert!(!region(&["...", "...", "..."]).mirror_wins());
        assert!(region(&["...", ".#.", "..."]).mirror_wins());
        assert!(!region(&["..", ".#"]).mirror_wins());
    }

    #[test]
    fn extra_dead_ends_go() {
        // A plus sign: the centre has four dead ends; one stays.
        let plus = region(&["#.#", "...", "#.#"]).without_extra_dead_ends();
        assert_eq!(plus.len(), 2);
        // A strip of three: one end goes.
        assert_eq!(region(&["..."]).without_extra_dead_ends().len(), 2);
        // Nothing to do on a full box or a bent strip with one end each.
        let full = region(&["...", "..."]);
        assert_eq!(full.without_extra_dead_ends(), full);
        let bent = region(&["..#", "#.."]);
        assert_eq!(bent.without_extra_dead_ends(), bent);
        // Two cells each with two dead ends, joined: a T on each side.
        let h = region(&[".#.", "...", ".#."]).without_extra_dead_ends();
        assert_eq!(h.len(), 5);
    }

    #[test]
    fn bridges_go() {
        // A strip of five: the middle cell's neighbours both have ends.
        assert_eq!(region(&["....."]).without_bridges().len(), 4);
        // A strip of four has no bridge (the middle cells have ends).
        assert_eq!(region(&["...."]).without_bridges().len(), 4);
        // Two bridges between three dead ends' neighbours.
        let r = region(&[".#.#.", "....."]);
        assert_eq!(r.without_bridges(), region(&[".#.#.", ".#.#."]));
        // Nothing on a full box.
        let full = region(&["...", "..."]);
        assert_eq!(full.without_bridges(), full);
    }

    #[test]
    fn pinched_squares_cut() {
        // A square pinched at a and d, with a tail on each side.
        let r = region(&["#..#", "...."]);
        assert_eq!(r.pinch_cut(), None); // a has a free left neighbour
        let r = region(&["###..", "##..#", "....#"]);
        let part = r.pinch_cut().expect("a cut");
        assert_eq!(part, region(&["#####", "##.##", "...##"]).bits);
        // The mirror image, pinched at b and c.
        let m = region(&["..###", "#..##", "#...."]);
        assert_eq!(
            m.pinch_cut(),
            Some(region(&["..###", "#.###", "#.###"]).bits)
        );
        // Joined elsewhere too: no cut.
        let ring = region(&[".....", ".#..#", ".#...", "....."]);
        assert_eq!(ring.pinch_cut(), None);
    }

    /// Both parts of a cut at a pinched square are connected (the search
    /// splits neither again), on random connected pieces of every box of
    /// at most 64 cells.
    #[test]
    fn both_parts_of_a_pinch_cut_are_connected() {
        let mut cuts = 0;
        on_every_box(|_, narrow| {
            let Some(free) = narrow else { return };
            if free.is_empty() {
                return;
            }
            let piece = Region::new(free.h, free.w, free.piece_of(lowest(free.bits)));
            if let Some(part) = piece.pinch_cut() {
                let rest = piece.bits & !part;
                assert_eq!(piece.piece_of(lowest(part)) & part, part, "{piece:?}");
                let parts = [
                    Region::new(piece.h, piece.w, part),
                    Region::new(piece.h, piece.w, rest),
                ];
                for p in parts {
                    assert_eq!(p.piece_of(lowest(p.bits)), p.bits, "{piece:?} {part:b}");
                }
                cuts += 1;
            }
        });
        assert!(cuts > 10, "{cuts}");
    }

    #[test]
    fn centre_domino_needs_both_centre_cells_and_symmetry() {
        assert!(region(&["...", "..."]).centre_domino_wins());
        assert!(region(&["....", "....", "...."]).centre_domino_wins());
        assert!(region(&[".#..", "....", "..#."]).centre_domino_wins());
        assert!(!region(&[".#..", "....", "...."]).centre_domino_wins()); // not symmetric
        assert!(region(&["#...", "....", "...#"]).centre_domino_wins());
        assert!(!region(&["....", ".#..", "...."]).centre_domino_wins()); // a centre cell taken
        assert!(!region(&["...", "...", "..."]).centre_domino_wins()); // odd by odd
        assert!(!region(&["....", "...."]).centre_domino_wins()); // even by even
    }
}
