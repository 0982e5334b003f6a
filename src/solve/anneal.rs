//! Placeholder until this solver lands.

use serde::{Deserialize, Serialize};

use super::{SolveError, Solver};
use crate::cube::Cube;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SaParams {}

pub fn build(_p: &SaParams, _start: Cube, _seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Err(SolveError::Config(
        "solver `sa` is not implemented yet".into(),
    ))
}
