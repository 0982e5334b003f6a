//! `cubetui state`: show a cube given as a scramble or a facelet string.

use std::process::ExitCode;

use clap::{ArgGroup, Args, ValueEnum};
use color_eyre::eyre::Report;

use cubetui_cube::net::{Layout, render};
use cubetui_cube::{Alg, Cube};

/// How to unfold the cube on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NetArg {
    /// One row of six faces: U L F R B D (3 lines).
    Strip,
    /// The cross-shaped net: U above F, then L F R B, D below F (9 lines).
    Cross,
}

impl From<NetArg> for Layout {
    fn from(n: NetArg) -> Layout {
        match n {
            NetArg::Strip => Layout::Strip,
            NetArg::Cross => Layout::Cross,
        }
    }
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("input").required(true).args(["scramble", "facelets"])))]
pub struct StateArgs {
    /// Apply this move sequence (WCA notation) to the solved cube, e.g. "R U R' U'".
    #[arg(long, value_name = "ALG", allow_hyphen_values = true)]
    scramble: Option<String>,
    /// Validate a 54-character facelet string (faces U R F D L B, 9 letters
    /// each; spaces between them are ignored).
    #[arg(long, value_name = "STR")]
    facelets: Option<String>,
    #[command(flatten)]
    size: super::common::SizeArg,
    /// How to draw the net above the facelet string.
    #[arg(long, value_enum, default_value_t = NetArg::Strip)]
    net: NetArg,
}

/// Prints the net, a blank line, and the facelet string as the last line.
pub fn run(args: StateArgs) -> Result<ExitCode, Report> {
    let size = args.size.get();
    if size != cubetui_cube::nxn::Size::THREE {
        use cubetui_cube::nxn::{NxnAlg, NxnCube};
        let cube = match (&args.scramble, &args.facelets) {
            (Some(alg), _) => NxnCube::solved(size)
                .after(&NxnAlg::parse_sized(alg, size)?)
                .map_err(|(_, e)| e)?,
            (None, Some(s)) => {
                let letters: String = s.chars().filter(|c| !c.is_ascii_whitespace()).collect();
                NxnCube::from_facelets(size, &letters)?
            }
            (None, None) => unreachable!("clap requires one input"),
        };
        let net = cubetui_cube::nxn::net::render(&cube, args.net.into());
        let text = format!("{net}\n{}\n", cube.facelets());
        super::out::stdout(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let cube = match (&args.scramble, &args.facelets) {
        (Some(alg), _) => Cube::solved().after(&alg.parse::<Alg>()?),
        (None, Some(s)) => super::common::parse_facelets(s)?,
        (None, None) => unreachable!("clap requires one input"),
    };
    let text = format!("{}\n{}\n", render(&cube, args.net.into()), cube.facelets());
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
