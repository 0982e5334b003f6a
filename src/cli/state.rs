//! `cubetui state`: show a cube given as a scramble or a facelet string.

use std::process::ExitCode;

use clap::{ArgGroup, Args, ValueEnum};
use color_eyre::eyre::Report;

use cubetui::cube::net::{Layout, render};
use cubetui::cube::{Alg, Cube};

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
    /// How to draw the net above the facelet string.
    #[arg(long, value_enum, default_value_t = NetArg::Strip)]
    net: NetArg,
}

/// Prints the net, a blank line, and the facelet string as the last line.
pub fn run(args: StateArgs) -> Result<ExitCode, Report> {
    let cube = match (&args.scramble, &args.facelets) {
        (Some(alg), _) => Cube::solved().after(&alg.parse::<Alg>()?),
        (None, Some(s)) => super::common::parse_facelets(s)?,
        (None, None) => unreachable!("clap requires one input"),
    };
    let text = format!("{}\n{}\n", render(&cube, args.net.into()), cube.facelets());
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
