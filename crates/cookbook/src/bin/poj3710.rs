//! Reads the input of `poj3710` on standard input and prints its answer;
//! see [`grundy_cookbook::poj3710`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("poj3710", grundy_cookbook::poj3710::solve)
}
