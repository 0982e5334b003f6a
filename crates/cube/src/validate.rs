//! Importing facelet strings, with a separate report for each rule that fails.

use super::cubie::CubieCube;
use super::error::FaceletError;
use super::face::Face;
use super::kernel::STICKERS;
use super::state::Cube;

impl Cube {
    /// Parses and validates a 54-character facelet string (`U R F D L B` letters,
    /// faces in that order). Reports the first rule that fails, checked in this
    /// order: length, characters, colour counts, centres (distinct, not
    /// mirrored), impossible pieces, duplicate pieces, corner twist, edge flip,
    /// parity. Lower-case letters and surrounding whitespace are accepted.
    pub fn from_facelets(s: &str) -> Result<Cube, FaceletError> {
        let s = s.trim();
        let len = s.chars().count();
        if len != STICKERS {
            return Err(FaceletError::WrongLength { len });
        }
        let mut stickers = [0u8; STICKERS];
        for (i, ch) in s.chars().enumerate() {
            let face = Face::from_letter(ch.to_ascii_uppercase())
                .ok_or(FaceletError::BadCharacter { ch, column: i + 1 })?;
            stickers[i] = face as u8;
        }
        for face in Face::ALL {
            let count = stickers.iter().filter(|&&c| c == face as u8).count();
            if count != 9 {
                return Err(FaceletError::ColourCount {
                    face: face.letter(),
                    count,
                });
            }
        }
        let cube = Cube::from_stickers(stickers).expect("letters map to faces");
        let cubies = CubieCube::from_cube(&cube)?;
        cubies.check()?;
        Ok(cube)
    }
}

/// Validates a cube state given as stickers (same rules as a facelet string).
pub fn validate(cube: &Cube) -> Result<(), FaceletError> {
    Cube::from_facelets(&cube.facelets()).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_string_validates() {
        let s = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        assert_eq!(Cube::from_facelets(s).unwrap(), Cube::solved());
    }
}
