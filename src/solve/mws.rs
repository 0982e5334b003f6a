//! Placeholder until this solver lands.

use serde::{Deserialize, Serialize};

use super::{SolveError, Solver};
use crate::cube::Cube;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct MwsParams {}

pub fn build(_p: &MwsParams, _start: Cube, _seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Err(SolveError::Config(
        "solver `mws` is not implemented yet".into(),
    ))
}
