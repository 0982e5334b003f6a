//! Start-state options shared by commands: `--scramble`, `--facelets`,
//! `--random-state`.

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_cube::nxn::random::{random_moves, random_state};
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::random::{start_rng, start_scramble, start_state};
use cubetui_cube::{Alg, AnyAlg, AnyCube, Cube};

use super::exit::UsageError;

/// `--size N`: the cube's size, 2 to 32 (`4` or `4x4`).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SizeArg {
    /// Cube size N (N×N×N), 2 to 32; `4` or `4x4` (default: the size the
    /// preset is made for, else 3).
    #[arg(long, value_name = "N")]
    pub size: Option<cubetui_cube::nxn::Size>,
}

impl SizeArg {
    /// The size asked for, else the 3x3.
    pub fn get(&self) -> cubetui_cube::nxn::Size {
        self.size.unwrap_or(cubetui_cube::nxn::Size::THREE)
    }

    /// Without `--size`, takes the size the presets are made for (their
    /// `[preset] size`); refuses a preset made for another size than the
    /// one asked for, or presets made for different sizes. `presets` is a
    /// `--preset` value (comma-separated for bench); unknown names are left
    /// for the preset lookup to report; `table` is the preset table.
    pub fn settle(
        &mut self,
        presets: Option<&str>,
        table: &cubetui_solve::preset::Presets,
    ) -> Result<(), UsageError> {
        let made_for: Vec<(String, u32)> = presets
            .unwrap_or_default()
            .split(',')
            .filter_map(|p| Some((p.to_string(), table.info(p.trim()).ok()?.size?)))
            .collect();
        let size = match (self.size, made_for.first()) {
            (Some(s), _) => s,
            (None, Some((_, n))) => cubetui_cube::nxn::Size::new(*n as usize)
                .map_err(|e| UsageError(format!("preset size: {e}")))?,
            (None, None) => return Ok(()),
        };
        if let Some((p, n)) = made_for.iter().find(|(_, n)| *n as usize != size.get()) {
            return Err(UsageError(format!(
                "preset `{p}` is made for the {n}x{n} (--size {n}), not the {size}"
            )));
        }
        self.size = Some(size);
        Ok(())
    }
}

/// Where a run starts.
#[derive(Debug, Clone, Default, Args)]
pub struct StartArgs {
    /// Start from the solved cube after this algorithm (WCA notation).
    #[arg(long, value_name = "ALG", group = "start")]
    pub scramble: Option<String>,
    /// Start from this 54-character facelet string (URFDLB order; spaces
    /// between faces are ignored).
    #[arg(long, value_name = "STR", group = "start")]
    pub facelets: Option<String>,
    /// Start from a uniformly random state drawn from `--seed`.
    #[arg(long, group = "start")]
    pub random_state: bool,
}

/// Refuses an empty entry in a comma-separated preset list (`a,,b`, `a,`),
/// with the one wording `bench --preset`, `race --presets` and `--race` share.
pub fn check_preset_list(flag: &str, entries: &[&str]) -> Result<(), Report> {
    match entries.iter().position(|e| e.trim().is_empty()) {
        None => Ok(()),
        Some(i) => Err(UsageError(format!(
            "{flag} `{}`: entry {} is empty (two commas in a row, or a comma at an end)",
            entries.join(","),
            i + 1
        ))
        .into()),
    }
}

/// Parses a facelet string, ignoring ASCII whitespace anywhere in it (so
/// `UUUUUUUUU RRRRRRRRR …`, faces apart, reads as the 54 letters).
/// A bad character's column counts in `s` as typed, spaces included.
pub fn parse_facelets(s: &str) -> Result<Cube, cubetui_cube::FaceletError> {
    use cubetui_cube::FaceletError;
    let letters: String = s.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    Cube::from_facelets(&letters).map_err(|e| match e {
        FaceletError::BadCharacter { ch, column } => {
            // The column-th kept character, counted in the typed text.
            let typed = s
                .chars()
                .enumerate()
                .filter(|(_, c)| !c.is_ascii_whitespace())
                .nth(column.saturating_sub(1))
                .map_or(column, |(i, _)| i + 1);
            FaceletError::BadCharacter { ch, column: typed }
        }
        e => e,
    })
}

/// A resolved start state, of any size.
#[derive(Debug, Clone)]
pub struct Start {
    pub cube: AnyCube,
    /// The scramble, when the start was given as one (or drawn as one).
    pub scramble: Option<AnyAlg>,
}

impl Start {
    /// A 3×3 start.
    pub fn three(cube: Cube, scramble: Option<Alg>) -> Start {
        Start {
            cube: cube.into(),
            scramble: scramble.map(AnyAlg::Three),
        }
    }

    /// An N×N start after `alg` (a 3×3 one on the 3×3's kernel).
    fn sized(size: Size, alg: cubetui_cube::nxn::NxnAlg) -> Start {
        let cube = NxnCube::solved(size)
            .after(&alg)
            .expect("random moves fit the size");
        Start {
            cube: cube.into(),
            scramble: Some(AnyAlg::Nxn(alg, size)),
        }
    }
}

/// A random-move scramble of `depth` on a cube of `size`: cube `index` of
/// seed `seed` (see [`cubetui_cube::random::cube_seed`], the one seed
/// rule).
pub fn random_scramble(seed: u64, index: u64, depth: usize, size: Size) -> Start {
    if size == Size::THREE {
        let alg = start_scramble(seed, index, depth);
        return Start::three(Cube::solved().after(&alg), Some(alg));
    }
    Start::sized(size, random_moves(&mut start_rng(seed, index), size, depth))
}

/// A random start of `size`, cube `index` of seed `seed`: a uniformly random
/// state on every size (as [`cubetui_cube::nxn::random::random_state`]
/// draws them; `--depth` gives random-move scrambles).
pub fn random_start(seed: u64, index: u64, size: Size) -> Start {
    let rng = &mut start_rng(seed, index);
    match size.get() {
        3 => Start::three(start_state(seed, index), None),
        _ => Start {
            cube: random_state(rng, size).into(),
            scramble: None,
        },
    }
}

impl StartArgs {
    /// The start state of a cube of `size`; `seed` draws `--random-state`
    /// (cube 0 of `seed`, as [`random_start`] draws bench's). Bad notation or
    /// facelets come back as `NotationError`/`FaceletError` or their N×N
    /// kin (exit 3).
    pub fn resolve(&self, seed: u64, size: Size) -> Result<Start, Report> {
        if self.random_state {
            return Ok(random_start(seed, 0, size));
        }
        if size != Size::THREE {
            return self.resolve_nxn(size);
        }
        if let Some(s) = &self.scramble {
            let alg: Alg = s.parse()?;
            return Ok(Start::three(Cube::solved().after(&alg), Some(alg)));
        }
        if let Some(f) = &self.facelets {
            return Ok(Start::three(parse_facelets(f)?, None));
        }
        Err(no_start())
    }

    /// [`StartArgs::resolve`] of `--scramble` or `--facelets` on a cube of
    /// another size than the 3×3.
    fn resolve_nxn(&self, size: Size) -> Result<Start, Report> {
        if let Some(s) = &self.scramble {
            let alg = NxnAlg::parse_sized(s, size)?;
            let cube = NxnCube::solved(size).after(&alg).map_err(|(_, e)| e)?;
            return Ok(Start {
                cube: cube.into(),
                scramble: Some(AnyAlg::Nxn(alg, size)),
            });
        }
        if let Some(f) = &self.facelets {
            let letters: String = f.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            return Ok(Start {
                cube: NxnCube::from_facelets(size, &letters)?.into(),
                scramble: None,
            });
        }
        Err(no_start())
    }
}

fn no_start() -> Report {
    UsageError("give a start state: --scramble ALG, --facelets STR or --random-state".into()).into()
}
