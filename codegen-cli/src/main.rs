//! The `toolc` command; everything it does is in the library.

fn main() -> std::process::ExitCode {
    codegen_cli::main()
}
