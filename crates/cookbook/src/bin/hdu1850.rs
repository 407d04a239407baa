//! Reads the input of `hdu1850` on standard input and prints its answer;
//! see [`grundy_cookbook::hdu1850`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("hdu1850", grundy_cookbook::hdu1850::solve)
}
