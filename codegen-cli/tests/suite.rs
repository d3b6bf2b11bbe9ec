//! The behaviour tests of `toolc`, one binary: each module a subject (`cargo test -p toolc-cli
//! --test suite pin::` runs one). `corpus_import`, `packages` and `hostile` are binaries of their own,
//! as `Cargo.toml` says.

mod cli;
mod corpus;
mod keyword_arguments;
mod pin;
mod pin_sign_in;
mod support;
