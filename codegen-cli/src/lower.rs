//! `toolc lower`.

use crate::{Failure, Outcome};

pub fn run() -> Result<Outcome, Failure> {
    Err(Failure("`toolc lower` is not built yet".into()))
}
