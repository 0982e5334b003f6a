//! The move sets of the sticker-energy solvers on every size (the N×N
//! annealer, `ga` and `woc` genes), their sticker tables, the `facelets`
//! energy on stickers alone, and the rotation that turns a start upright.
//! Imports only the cube and the 2×2's rotations, so every solver module
//! can use it.

use crate::api::SolveError;
use crate::pocket;
use cubetui_cube::face::Face;
use cubetui_cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnKind, NxnMove, Size, tables};

/// The move set of the sticker-energy solvers on `size`, every kind by 1, 2
/// and 3 quarter turns:
///
/// - even N: single layers 1 to N − 1 counted from U, R and F (outer U R F
///   and every inner slice; they leave the DBL corner home and reach every
///   state with DBL home): 9 moves on the 2×2, 27 on the 4×4, 45 on the 6×6;
/// - odd N: single layers 1 to (N − 1)/2 of all six faces (outer turns and
///   every inner slice but the middle one, so the centres stay home): the
///   18 face turns on the 3×3, 36 moves on the 5×5, 54 on the 7×7.
pub fn moves(size: Size) -> Vec<NxnMove> {
    let kinds: Vec<NxnKind> = if size.is_odd() {
        let half = (size.get() / 2) as u8;
        Face::ALL
            .into_iter()
            .flat_map(|f| (1..=half).map(move |l| NxnKind::slice(f, l)))
            .collect()
    } else {
        NxnKind::keeping_dbl(size)
    };
    kinds
        .into_iter()
        .flat_map(|k| (1..=3).filter_map(move |t| NxnMove::new(k, t)))
        .collect()
}

/// The move set [`moves`] of `size` in words, with its count: what a
/// preset's description says in place of `{moves}`
/// (`PresetInfo::description_on`).
/// "the 18 face turns" on the 3×3, "the 9 turns of U R F" on the 2×2,
/// "the 27 outer and inner layer turns of U R F" on the 4×4, "the 36 outer
/// and inner layer turns of all six faces (not the middle slices)" on the
/// 5×5.
pub fn moves_in_words(size: Size) -> String {
    let count = moves(size).len();
    match size.get() {
        2 => format!("the {count} turns of U R F"),
        3 => format!("the {count} face turns"),
        n if n % 2 == 0 => format!("the {count} outer and inner layer turns of U R F"),
        _ => format!(
            "the {count} outer and inner layer turns of all six faces (not the middle slices)"
        ),
    }
}

/// The move set [`moves`] of `size` and each move's sticker permutation,
/// looked up once (the tables are built once per size).
///
/// # Errors
/// [`SolveError::Parameter`] for a move without a table for the size (not
/// expected: the move set is the size's own).
pub fn moves_and_perms(size: Size) -> Result<(Vec<NxnMove>, Vec<&'static MovePerm>), SolveError> {
    let moves = moves(size);
    let t = tables(size);
    let perms = moves
        .iter()
        .map(|&m| t.perm(m).map_err(|e| SolveError::Parameter(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((moves, perms))
}

/// Misplaced stickers of `stickers` (faces of `per_face` stickers in
/// U R F D L B order), each face counted against its `home` colour: the
/// energy of the sticker-energy solvers, on the stickers alone (no state).
pub fn misplaced(stickers: &[u8], home: &[u8; 6], per_face: usize) -> u32 {
    stickers
        .chunks_exact(per_face)
        .zip(home)
        .map(|(f, &h)| f.iter().filter(|&&c| c != h).count() as u32)
        .sum()
}

/// The rotation that turns `start` upright, and the upright state; the
/// start itself when no rotation does (then the solvers see its colours as
/// they are).
pub fn upright(start: &NxnCube) -> (NxnAlg, NxnCube) {
    pocket::rotations()
        .into_iter()
        .find_map(|r| {
            let c = start.after(&r).ok()?;
            c.is_upright().then_some((r, c))
        })
        .unwrap_or_else(|| (NxnAlg::default(), start.clone()))
}
