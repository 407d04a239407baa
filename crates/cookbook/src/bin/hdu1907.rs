//! Reads the input of `hdu1907` on standard input and prints its answer;
//! see [`grundy_cookbook::hdu1907`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("hdu1907", grundy_cookbook::hdu1907::solve)
}
