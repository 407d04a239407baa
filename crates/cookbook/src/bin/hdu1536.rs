//! Reads the input of `hdu1536` on standard input and prints its answer;
//! see [`grundy_cookbook::hdu1536`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("hdu1536", grundy_cookbook::hdu1536::solve)
}
