//! `grundy table`: G(0..=N) of a one-heap family, streamed.

use std::io::Write;
use std::sync::mpsc;

use clap::{Args, ValueEnum};
use grundy::{Limits, Nimber};

use crate::out::{self, Failure, Outcome};
use crate::script::ScriptArg;

/// Arguments of `grundy table`.
#[derive(Args)]
pub struct TableArgs {
    /// The family, for example "sub{1,3,4}" or "allbut{2,3,7}".
    #[arg(required_unless_present = "script", conflicts_with = "script")]
    family: Option<String>,
    #[command(flatten)]
    script: ScriptArg,
    /// The largest heap size.
    #[arg(long, value_name = "N", value_parser = crate::count)]
    to: u64,
    /// The first heap size written (the values before it are computed, not written): a bounded table (--window) resumed from its checkpoint writes from its window on, so that its output continues the earlier run's.
    #[arg(long, value_name = "N", value_parser = crate::count, default_value_t = 0)]
    from: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Same as --format json.
    #[arg(long)]
    json: bool,
}

/// How `table` writes values.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// Rows of ten values, each row led by its first heap size.
    Text,
    /// `n,grundy` lines under a header.
    Csv,
    /// `{"kind":"one","family":...,"to":...,"values":[...]}`.
    Json,
    /// An OEIS b-file: `n G(n)` per line.
    Bfile,
}

pub fn table(args: &TableArgs, limits: &Limits, w: &mut (impl Write + Send)) -> Outcome {
    let family =
        grundy::expr::family_named_with(&args.script.or_text(args.family.as_deref())?, limits)?;
    let format = if args.json { Format::Json } else { args.format };
    let mut text = Text::new(format, args.from);
    text.head(w, &family.head(), args.to)?;
    // The computation's result waits until the values it gave are
    // written, whole lines, so that a table stopped early (Ctrl-C, a time
    // limit) keeps what was computed.
    let computed = if limits.run.threads >= 2 && args.to >= TEXT_THREAD_FROM {
        write_on_second_thread(family.as_ref(), (args.from, args.to), limits, &mut text, w)
    } else {
        // The sink can only return library errors, so an output error is
        // kept aside and reported once the table stops.
        let mut io_error: Option<std::io::Error> = None;
        let mut sink = |chunk: &[Nimber]| {
            text.push(chunk, w).map_err(|e| {
                io_error = Some(e);
                grundy::Error::from(grundy::ErrorKind::Interrupted)
            })
        };
        let result = family.table_chunks_from(args.from, args.to, limits, &mut sink);
        io_error.map_or(Ok(result), Err)
    };
    match computed.and_then(|result| text.flush(w).map(|()| result)) {
        Ok(result) => result?,
        // A stop that was asked for is reported even when the output closed
        // meanwhile (`mpirun` closes its processes' output as it stops them
        // on Ctrl-C): its message says where the values are saved.
        Err(e) => {
            limits.check_stop()?;
            return Err(Failure::from(e));
        }
    }
    text.tail(w)?;
    Ok(())
}

/// Tables of at least this many values are written by a second thread
/// when two are allowed: the text of a cheap game's table costs a fifth
/// of its time or more. Shorter tables write in milliseconds, in fewer
/// batches than would overlap the computation much.
const TEXT_THREAD_FROM: u64 = 4 * BATCH as u64;

/// Values handed to the text thread at a time: it wakes seldom, so it
/// hardly ever takes a core from an engine running on two threads (with
/// the thread started from 2^16 values and handed 4 096 at a time,
/// Officers to 10^6 took 0.8–2.1 s against 0.8 s).
const BATCH: usize = 1 << 18;

/// Batches of values on their way to the text thread at most.
const BATCHES_IN_FLIGHT: usize = 2;

/// Computes the table on this thread and writes its text on another: the
/// values go over in batches, which come back to be filled again. An
/// output error stops the computation and is the error returned; else the
/// computation's result is, once every value it gave is in `text`.
fn write_on_second_thread(
    family: &dyn grundy::expr::Family,
    (from, to): (u64, u64),
    limits: &Limits,
    text: &mut Text,
    w: &mut (impl Write + Send),
) -> std::io::Result<grundy::Result<()>> {
    std::thread::scope(|scope| {
        let (full, filled) = mpsc::sync_channel::<Vec<Nimber>>(BATCHES_IN_FLIGHT);
        let (empty, emptied) = mpsc::channel::<Vec<Nimber>>();
        let writer = scope.spawn(move || -> std::io::Result<()> {
            for batch in filled {
                text.push(&batch, w)?;
                // The computing thread may have stopped taking them back.
                let _ = empty.send(batch);
            }
            Ok(())
        });
        let mut batch: Vec<Nimber> = Vec::with_capacity(BATCH);
        let mut sink = |chunk: &[Nimber]| {
            batch.extend_from_slice(chunk);
            if batch.len() < BATCH {
                return Ok(());
            }
            let mut next = emptied.try_recv().unwrap_or_default();
            next.clear();
            // Sending fails only once the writer has stopped on an error.
            full.send(std::mem::replace(&mut batch, next))
                .map_err(|_| grundy::Error::from(grundy::ErrorKind::Interrupted))
        };
        let result = family.table_chunks_from(from, to, limits, &mut sink);
        if !batch.is_empty() {
            // The writer may have stopped, and then says why.
            let _ = full.send(batch);
        }
        drop(full);
        writer.join().expect("the text thread does not panic")?;
        Ok(result)
    })
}

/// The text of a table as it is written: the format and where it is.
struct Text {
    format: Format,
    /// The heap of the next value.
    n: u64,
    /// The heap of the first value.
    from: u64,
    /// Tables run to 10^9 values: lines are assembled by hand into one
    /// large buffer, with the heap size kept as decimal digits that are
    /// counted up.
    buf: Vec<u8>,
    index: Counter,
    /// Lines of a b-file or CSV end with the value; JSON separates values.
    small: SmallValues,
}

impl Text {
    fn new(format: Format, from: u64) -> Text {
        Text {
            format,
            n: from,
            from,
            buf: Vec::with_capacity(FLUSH_AT + 64),
            index: Counter::at(from),
            small: SmallValues::new(matches!(format, Format::Csv | Format::Bfile)),
        }
    }

    /// Writes what comes before the values. The JSON object is the
    /// shape of the web API's tables (docs/schema/table.schema.json),
    /// written as it streams.
    fn head(&self, w: &mut impl Write, family: &str, to: u64) -> std::io::Result<()> {
        match self.format {
            Format::Csv => writeln!(w, "n,grundy"),
            Format::Json if self.from > 0 => write!(
                w,
                "{{\"kind\":\"one\",\"family\":{},\"from\":{},\"to\":{to},\"values\":[",
                serde_json::Value::from(family),
                self.from
            ),
            Format::Json => write!(
                w,
                "{{\"kind\":\"one\",\"family\":{},\"to\":{to},\"values\":[",
                serde_json::Value::from(family)
            ),
            Format::Text | Format::Bfile => Ok(()),
        }
    }

    /// Adds the values of `chunk`, the next in the table, handing the
    /// text to `w` when enough has gathered. The format is matched once a
    /// slice, so that each loop is the few moves of its own format.
    fn push(&mut self, chunk: &[Nimber], w: &mut impl Write) -> std::io::Result<()> {
        // The state is worked on in locals: kept in fields, it was stored
        // and read back for every line.
        let (buf, small) = (&mut self.buf, &self.small);
        let (mut n, mut index) = (self.n, self.index);
        match self.format {
            Format::Text => {
                for &g in chunk {
                    // A row starts every ten heaps, and at the first.
                    if n.is_multiple_of(10) || n == self.from {
                        if n > self.from {
                            buf.push(b'\n');
                        }
                        out::pad_number(buf, n, 8);
                        buf.extend_from_slice(b": ");
                    } else {
                        buf.push(b' ');
                    }
                    out::pad_number(buf, g.0, 3);
                    n += 1;
                }
            }
            Format::Csv | Format::Bfile => {
                let separator = if matches!(self.format, Format::Csv) {
                    b','
                } else {
                    b' '
                };
                for &g in chunk {
                    index.push(buf);
                    buf.push(separator);
                    small.push(buf, g.0);
                    index.increment();
                }
                n += chunk.len() as u64;
            }
            Format::Json => {
                for &g in chunk {
                    if n > self.from {
                        buf.push(b',');
                    }
                    small.push(buf, g.0);
                    n += 1;
                }
            }
        }
        (self.n, self.index) = (n, index);
        if buf.len() >= FLUSH_AT {
            w.write_all(buf)?;
            buf.clear();
        }
        Ok(())
    }

    /// Writes the text of the values added so far.
    fn flush(&mut self, w: &mut impl Write) -> std::io::Result<()> {
        w.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Writes what comes after the values (once they are flushed).
    fn tail(&self, w: &mut impl Write) -> std::io::Result<()> {
        match self.format {
            Format::Text => writeln!(w),
            Format::Json => writeln!(w, "]}}"),
            Format::Csv | Format::Bfile => Ok(()),
        }
    }
}

/// Output is handed to the writer in pieces of about this many bytes:
/// small enough that the buffer stays in the processor's cache (with a mebibyte,
/// a b-file of 0.106 to 10^7 took 3-5% longer).
const FLUSH_AT: usize = 1 << 16;

/// Appends the text `padded.0[..padded.1]`. The whole array is copied
/// and the excess dropped, which compiles to a few fixed moves where a
/// copy of a varying length calls `memcpy` (a b-file of 10^7 lines spent
/// a fifth of its time there).
#[inline]
fn push_padded<const N: usize>(buf: &mut Vec<u8>, (text, len): (&[u8; N], usize)) {
    let end = buf.len() + len;
    buf.extend_from_slice(text);
    buf.truncate(end);
}

/// A decimal number counted up in place: `0`, `1`, ..., `10`, ...
///
/// The digits live in a 128-bit number, the first in its lowest byte,
/// rather than in memory: a line that read them back from memory right
/// after a digit was stored there waited for the store each time (with
/// the slices of `Family::table_chunks`, a b-file of 4.07 to 10^7 went
/// from 0.289 s to 0.274 s). Past 16 digits the number is written out
/// from its value.
#[derive(Clone, Copy)]
struct Counter {
    /// The ASCII digits, the first in the lowest byte (while `len <= 16`).
    text: u128,
    len: usize,
    value: u64,
}

impl Default for Counter {
    fn default() -> Counter {
        Counter {
            text: u128::from(b'0'),
            len: 1,
            value: 0,
        }
    }
}

/// The digits a [`Counter`] keeps as text.
const COUNTER_DIGITS: usize = 16;

impl Counter {
    /// The counter at `value`.
    fn at(value: u64) -> Counter {
        let digits = value.to_string().into_bytes();
        let text = digits
            .iter()
            .rev()
            .take(COUNTER_DIGITS)
            .fold(0u128, |t, &d| t << 8 | u128::from(d));
        Counter {
            text,
            len: digits.len(),
            value,
        }
    }

    #[cfg(test)]
    fn digits(&self) -> Vec<u8> {
        let mut buf = Vec::new();
        self.push(&mut buf);
        buf
    }

    /// Appends the number.
    #[inline]
    fn push(&self, buf: &mut Vec<u8>) {
        if self.len <= COUNTER_DIGITS {
            push_padded(buf, (&self.text.to_le_bytes(), self.len));
        } else {
            out::push_number(buf, self.value);
        }
    }

    #[inline]
    fn increment(&mut self) {
        self.value += 1;
        if self.len > COUNTER_DIGITS {
            return;
        }
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            let shift = 8 * i;
            if ((self.text >> shift) as u8) < b'9' {
                self.text += 1 << shift;
                return;
            }
            // A 9 turns to 0 and carries.
            self.text -= 9 << shift;
        }
        // Every digit was a 9: a 1 goes in front.
        self.text = self.text << 8 | u128::from(b'1');
        self.len += 1;
    }
}

/// The decimal text of the values below 1024, looked up rather than
/// converted (Grundy values of a table are mostly small): each in a slot
/// of [`SLOT`] bytes with its length, for [`push_padded`].
struct SmallValues {
    text: Vec<[u8; SLOT]>,
    lens: Vec<u8>,
    /// Whether the slots end their text with a newline.
    newline: bool,
}

/// Bytes of a [`SmallValues`] slot: four digits and a newline fit.
const SLOT: usize = 8;

impl SmallValues {
    /// The values' text, followed by a newline when `newline`.
    fn new(newline: bool) -> SmallValues {
        let (mut text, mut lens) = (Vec::new(), Vec::new());
        for v in 0..1024 {
            let mut t = Vec::new();
            out::push_number(&mut t, v);
            if newline {
                t.push(b'\n');
            }
            let mut slot = [0u8; SLOT];
            slot[..t.len()].copy_from_slice(&t);
            text.push(slot);
            lens.push(t.len() as u8);
        }
        SmallValues {
            text,
            lens,
            newline,
        }
    }

    /// Appends `v`, and a newline when the slots hold one.
    #[inline]
    fn push(&self, buf: &mut Vec<u8>, v: u64) {
        match usize::try_from(v).ok().filter(|&v| v < self.text.len()) {
            Some(v) => push_padded(buf, (&self.text[v], self.lens[v] as usize)),
            None => {
                out::push_number(buf, v);
                if self.newline {
                    buf.push(b'\n');
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that takes `room` bytes, then fails.
    struct Full {
        taken: Vec<u8>,
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.taken.len() + buf.len() > self.room {
                return Err(std::io::Error::other("the disk is full"));
            }
            self.taken.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// `grundy table octal[0.106] --to TO --format bfile --compute-all`,
    /// on `threads`, stopped (as by Ctrl-C) after `stop_after` if given.
    fn bfile_to(
        to: u64,
        threads: usize,
        w: &mut Full,
        stop_after: Option<std::time::Duration>,
    ) -> Outcome {
        let args = TableArgs {
            family: Some("octal[0.106]".into()),
            script: ScriptArg { script: None },
            to,
            from: 0,
            format: Format::Bfile,
            json: false,
        };
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let limits = Limits::default()
            .with_threads(threads)
            .with_shortcuts(false)
            .with_max_heap(to)
            .with_stop(Some(stop.clone()));
        std::thread::scope(|scope| {
            if let Some(after) = stop_after {
                scope.spawn(move || {
                    std::thread::sleep(after);
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                });
            }
            table(&args, &limits, w)
        })
    }

    /// An output error is the error reported, on one thread and on two,
    /// not the interruption it causes; the computation stops with it.
    #[test]
    fn an_output_error_is_reported_as_itself() {
        for threads in [1, 2] {
            let mut w = Full {
                taken: Vec::new(),
                room: 100_000,
            };
            let failed = bfile_to(3 * TEXT_THREAD_FROM, threads, &mut w, None);
            match failed {
                Err(Failure::Error(e)) => {
                    assert!(e.to_string().contains("the disk is full"), "{threads}: {e}")
                }
                _ => panic!("{threads} threads: the output error was not reported"),
            }
        }
    }

    /// A table stopped early (as by Ctrl-C) reports the interruption,
    /// having written whole lines of the values computed so far, on one
    /// thread and on two.
    #[test]
    fn a_table_stopped_early_keeps_whole_lines() {
        for threads in [1, 2] {
            let mut w = Full {
                taken: Vec::new(),
                room: usize::MAX,
            };
            let after = std::time::Duration::from_millis(300);
            let stopped = bfile_to(20_000_000, threads, &mut w, Some(after));
            match stopped {
                Err(Failure::Error(e)) => {
                    assert_eq!(e.kind(), &grundy::ErrorKind::Interrupted, "{threads}: {e}")
                }
                _ => panic!("{threads} threads: not stopped"),
            }
            let text = String::from_utf8(w.taken).unwrap();
            assert!(
                !text.is_empty() && text.ends_with('\n'),
                "{threads} threads"
            );
            for (n, line) in text.lines().enumerate() {
                assert!(line.starts_with(&format!("{n} ")), "{threads}: {line}");
            }
        }
    }

    #[test]
    fn counter_counts_in_decimal() {
        let mut c = Counter::default();
        let mut seen = Vec::new();
        for _ in 0..=1001 {
            seen.push(String::from_utf8(c.digits()).unwrap());
            c.increment();
        }
        let want: Vec<String> = (0..=1001).map(|n: u32| n.to_string()).collect();
        assert_eq!(seen, want);
    }

    /// A counter set to a number counts on from it, past a carry into a
    /// new digit and past the sixteen digits kept as text.
    #[test]
    fn counter_starts_anywhere() {
        for start in [0, 7, 98, 999_999, 10u64.pow(16) - 3, u64::MAX - 4] {
            let mut c = Counter::at(start);
            for n in start..=start + 3 {
                assert_eq!(String::from_utf8(c.digits()).unwrap(), n.to_string());
                c.increment();
            }
        }
    }

    #[test]
    fn small_values_are_written_like_large_ones() {
        for newline in [false, true] {
            let small = SmallValues::new(newline);
            let end = if newline { "\n" } else { "" };
            for v in [0, 1, 9, 10, 99, 100, 1023, 1024, 65535, u64::MAX] {
                let mut buf = b"x".to_vec();
                small.push(&mut buf, v);
                assert_eq!(String::from_utf8(buf).unwrap(), format!("x{v}{end}"));
            }
        }
    }

    /// `Counter::push` writes the digits alone, after what is there.
    #[test]
    fn counter_digits_add_only_the_digits() {
        let mut c = Counter::default();
        let mut buf = Vec::new();
        for n in 0..=12u32 {
            c.push(&mut buf);
            buf.push(b' ');
            assert!(buf.ends_with(format!("{n} ").as_bytes()));
            c.increment();
        }
        for _ in 0..99_990 {
            c.increment();
        }
        let mut buf = Vec::new();
        c.push(&mut buf);
        assert_eq!(buf, b"100003");
    }

    /// Past the 16 digits kept as text the value is written out, and both
    /// sides of the change read as the numbers they are.
    #[test]
    fn counter_goes_past_sixteen_digits() {
        let start = 10u64.pow(16) - 12;
        let text: Vec<u8> = start.to_string().into_bytes();
        let mut c = Counter {
            text: text
                .iter()
                .rev()
                .fold(0u128, |t, &d| t << 8 | u128::from(d)),
            len: text.len(),
            value: start,
        };
        for n in start..start + 30 {
            assert_eq!(String::from_utf8(c.digits()).unwrap(), n.to_string());
            c.increment();
        }
    }
}
