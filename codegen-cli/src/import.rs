//! `toolc import`.

use crate::{Failure, Outcome};

pub fn run() -> Result<Outcome, Failure> {
    Err(Failure("`toolc import` is not built yet".into()))
}
