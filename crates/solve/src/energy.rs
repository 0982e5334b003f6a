//! Energy functions (lower is better, 0 = solved).

use cubetui_cube::Cube;

use crate::api::SolveError;

/// An energy function over cube states: 0 means solved, lower is better.
pub trait Energy: Send + Sync {
    /// Short name used in presets and on screen (`facelets`).
    fn name(&self) -> &'static str;
    /// The energy of `cube`.
    fn eval(&self, cube: &Cube) -> u32;
}

/// The `facelets` energy: stickers whose colour differs from the centre of the
/// face they are on. 0 when solved, at most 48.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facelets;

impl Energy for Facelets {
    fn name(&self) -> &'static str {
        "facelets"
    }

    #[inline(always)]
    fn eval(&self, cube: &Cube) -> u32 {
        cube.misplaced()
    }
}

/// Names of the energies the annealer accepts.
pub const NAMES: [&str; 1] = ["facelets"];

/// Checks that `name` is a known energy.
pub fn check(name: &str) -> Result<(), SolveError> {
    if NAMES.contains(&name) {
        Ok(())
    } else {
        Err(SolveError::Parameter(format!(
            "unknown energy `{name}` (available: {})",
            NAMES.join(", ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::Alg;

    #[test]
    fn facelets_is_zero_only_when_solved() {
        assert_eq!(Facelets.eval(&Cube::solved()), 0);
        let alg: Alg = "R".parse().unwrap();
        assert_eq!(Facelets.eval(&Cube::solved().after(&alg)), 12);
        let rot: Alg = "x y".parse().unwrap();
        assert_eq!(Facelets.eval(&Cube::solved().after(&rot)), 0);
        assert!(check("facelets").is_ok());
        assert!(check("pairs").is_err());
    }
}
