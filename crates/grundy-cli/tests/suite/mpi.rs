//! Runs shared among processes by `mpirun` (the `mpi` feature, see
//! docs/DISTRIBUTED.md): the same b-files as one process, whatever the
//! number of processes; a killed process ends the job, and Ctrl-C stops
//! it with the values saved; a resumed run, with another number of
//! processes, ends with the same output.
//!
//! They need a binary built with `--features mpi`, which `.ci/run` builds
//! and names in `GRUNDY_MPI_BIN`, and OpenMPI's `mpirun`. Without them these
//! tests cannot test anything: they say so on stderr and pass, unless `CI`
//! is set, where that is a failure (CI must always run them).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::common::{grundy, stderr, stdout, temp_dir};

/// The MPI-enabled binary, or `None` (after saying why) when the tests
/// cannot run here.
fn mpi_binary() -> Option<PathBuf> {
    let bin = std::env::var_os("GRUNDY_MPI_BIN").map(PathBuf::from);
    let mpirun = Command::new("mpirun").arg("--version").output();
    match (bin, mpirun) {
        (Some(bin), Ok(out)) if bin.exists() && out.status.success() => Some(bin),
        _ => {
            let why = "MPI tests were NOT run: set GRUNDY_MPI_BIN to a grundy built with \
                       `--features mpi` and put OpenMPI's mpirun on the PATH (.ci/run does both)";
            assert!(std::env::var_os("CI").is_none(), "{why}");
            eprintln!("{why}");
            None
        }
    }
}

/// `mpirun -np N BIN args...`, as root too, and oversubscribing the cores
/// when there are fewer than N.
fn mpirun(bin: &Path, np: usize, args: &[&str]) -> Command {
    let mut command = Command::new("mpirun");
    command
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["--oversubscribe", "-np", &np.to_string()])
        .arg(bin)
        .args(args);
    command
}

fn run(mut command: Command) -> Output {
    command.output().expect("mpirun runs")
}

fn table_args(family: &str, to: u64) -> Vec<String> {
    [
        "table",
        family,
        "--to",
        &to.to_string(),
        "--compute-all",
        "--format",
        "bfile",
    ]
    .map(String::from)
    .to_vec()
}

/// The b-files of 1, 2 and 3 processes are byte for byte those of one
/// process without MPI, for Officers (past heap 10 344, where its table
/// widens to two bytes) and Grundy's game. Shared blocks start after the
/// first 16 384 heaps.
#[test]
fn processes_print_the_b_file_of_one_process() {
    let Some(bin) = mpi_binary() else { return };
    for (family, to) in [("octal[0.6]", 40_000), ("grundy-game", 40_000)] {
        let args = table_args(family, to);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let alone = grundy(&args);
        assert!(alone.status.success(), "{}", stderr(&alone));
        for np in 1..=3 {
            let shared = run(mpirun(&bin, np, &args));
            assert!(
                shared.status.success(),
                "{family}, {np}: {}",
                stderr(&shared)
            );
            assert!(
                shared.stdout == alone.stdout,
                "{family}: {np} processes print another b-file"
            );
        }
    }
}

/// A team of one runs as one process: it keeps a bounded table
/// (`--window`) and prints the b-file of one process, while a team of two,
/// which needs every value, refuses the window with exit code 2 and says
/// why.
#[test]
fn a_team_of_one_keeps_a_bounded_table_and_a_team_of_two_refuses_it() {
    let Some(bin) = mpi_binary() else { return };
    let args = table_args("octal[0.6]", 40_000);
    let mut bounded: Vec<&str> = vec!["--window"];
    bounded.extend(args.iter().map(String::as_str));
    let alone = grundy(&bounded);
    assert!(alone.status.success(), "{}", stderr(&alone));
    let one = run(mpirun(&bin, 1, &bounded));
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(
        one.stdout == alone.stdout,
        "a team of one prints another b-file"
    );
    let two = run(mpirun(&bin, 2, &bounded));
    assert!(!two.status.success(), "a team of two took a bounded table");
    assert!(stderr(&two).contains("bounded table"), "{}", stderr(&two));
}

/// A period certified by a team is the one certified alone.
#[test]
fn a_team_certifies_the_same_period() {
    let Some(bin) = mpi_binary() else { return };
    let args = ["period", "octal[0.16]", "--max", "2e6", "--json"];
    let alone = grundy(&args);
    assert!(alone.status.success(), "{}", stderr(&alone));
    let shared = run(mpirun(&bin, 2, &args));
    assert!(shared.status.success(), "{}", stderr(&shared));
    assert_eq!(stdout(&shared), stdout(&alone));
    assert!(
        stdout(&alone).contains("\"certified\":true"),
        "{}",
        stdout(&alone)
    );
}

/// Other commands run on member 0 alone: one answer, not one a process.
/// An error is reported once, by member 0, and ends the job with code 2.
#[test]
fn other_commands_answer_once_and_errors_end_the_job() {
    let Some(bin) = mpi_binary() else { return };
    let value = run(mpirun(&bin, 2, &["value", "nim(3,5,7)"]));
    assert!(value.status.success(), "{}", stderr(&value));
    assert_eq!(stdout(&value), stdout(&grundy(&["value", "nim(3,5,7)"])));
    let bad = run(mpirun(&bin, 2, &["table", "octal[0.6x]", "--to", "10"]));
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert_eq!(
        stderr(&bad).matches("grundy: ").count(),
        1,
        "{}",
        stderr(&bad)
    );
    assert!(stdout(&bad).is_empty());
}

/// Kills one process of a running team (SIGKILL), which ends the job;
/// then resumes from member 0's checkpoint with another number of
/// processes, and gets the b-file of an uninterrupted run.
#[test]
fn a_killed_process_ends_the_job_and_a_resume_finishes_it() {
    let Some(bin) = mpi_binary() else { return };
    let (args, checkpoint, job) = interrupted_run(&bin, "mpi-kill");
    let members = child_pids(job.id());
    assert_eq!(members.len(), 2, "{members:?}");
    let killed = Command::new("kill")
        .args(["-9", &members[1].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let ended = job.wait_with_output().unwrap();
    assert!(!ended.status.success());
    let said = stderr(&ended);
    assert!(
        said.contains("signal 9") || said.contains("Killed"),
        "{said}"
    );
    resume_and_compare(&bin, 3, &args, &checkpoint);
}

/// Ctrl-C on `mpirun` (which sends SIGTERM to every process): the
/// processes stop at the same heap, process 0 saves and says so once, and
/// a resume with one process finishes with the uninterrupted b-file.
#[test]
fn ctrl_c_on_mpirun_saves_and_a_resume_finishes() {
    let Some(bin) = mpi_binary() else { return };
    let (args, checkpoint, job) = interrupted_run(&bin, "mpi-interrupt");
    let sent = Command::new("kill")
        .args(["-INT", &job.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let said = stderr(&job.wait_with_output().unwrap());
    assert_eq!(said.matches("grundy: interrupted").count(), 1, "{said}");
    assert!(said.contains("saved in"), "{said}");
    resume_and_compare(&bin, 1, &args, &checkpoint);
}

/// Starts two processes on Officers to 3·10^6 with a fresh checkpoint and
/// returns, once member 0 has saved some shared blocks (past 100 000
/// values, two bytes or more each), the arguments, the checkpoint and the
/// running `mpirun`.
fn interrupted_run(bin: &Path, topic: &str) -> (Vec<String>, PathBuf, Child) {
    let checkpoint = temp_dir(topic).join("o6.ckpt");
    let _ = std::fs::remove_file(&checkpoint);
    let mut args = table_args("octal[0.6]", 3_000_000);
    args.extend(["--checkpoint".into(), checkpoint.display().to_string()]);
    let as_str: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut job = mpirun(bin, 2, &as_str)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun starts");
    let started = Instant::now();
    while std::fs::metadata(&checkpoint).map_or(0, |m| m.len()) < 200_000 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no checkpoint"
        );
        assert!(job.try_wait().unwrap().is_none(), "the job ended early");
        std::thread::sleep(Duration::from_millis(100));
    }
    (args, checkpoint, job)
}

/// Resumes the run of `args` (whose last two are `--checkpoint FILE`) with
/// `np` processes and compares its b-file with one process's run without
/// a checkpoint.
fn resume_and_compare(bin: &Path, np: usize, args: &[String], checkpoint: &Path) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let resumed = run(mpirun(bin, np, &args));
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let alone = grundy(&args[..args.len() - 2]);
    assert!(resumed.stdout == alone.stdout, "the resumed b-file differs");
    std::fs::remove_file(checkpoint).unwrap();
}

/// The processes `mpirun` (pid `parent`) started, ascending.
fn child_pids(parent: u32) -> Vec<u32> {
    let out = Command::new("pgrep")
        .args(["-P", &parent.to_string()])
        .output()
        .expect("pgrep runs");
    let mut pids: Vec<u32> = stdout(&out)
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    pids.sort_unstable();
    pids
}
