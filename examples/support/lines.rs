//! What `min2phase_lines` and `reference_lines` share: the arguments
//! (`FILE [MAX_LEN]`), the facelet lines read from FILE, and the one line
//! of figures each prints for scripts/reference-vs-min2phase.sh.

use std::time::Duration;

use cubetui_cube::Cube;

/// FILE and the bound (21 by default, 1 ..= `max`) from the command line;
/// exits 2 with a usage line when they are missing or wrong.
pub fn args(name: &str, max: usize) -> (String, usize) {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: {name} FILE [MAX_LEN]");
        std::process::exit(2);
    };
    let bound = match args.next().map(|s| s.parse()) {
        None => 21,
        Some(Ok(b)) if (1..=max).contains(&b) => b,
        Some(_) => {
            eprintln!("MAX_LEN must be 1 – {max}");
            std::process::exit(2);
        }
    };
    (path, bound)
}

/// Each facelet line of `path` (blank lines and `#` comments skipped)
/// with its cube; exits 3 naming the file and line that is not a cube.
pub fn cubes(path: &str) -> Vec<(String, Cube)> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(3);
        }
    };
    let mut cubes = Vec::new();
    for (i, line) in text.lines().map(str::trim).enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match Cube::from_facelets(line) {
            Ok(c) => cubes.push((line.to_string(), c)),
            Err(e) => {
                eprintln!("{path}:{}: {e}", i + 1);
                std::process::exit(3);
            }
        }
    }
    cubes
}

/// Prints `cubes N median_ms M mean_ms A p90_ms P max_ms X mean_htm L`.
pub fn report(mut times: Vec<Duration>, lens: &[usize]) {
    times.sort_unstable();
    let q = |p: f64| {
        let i = ((times.len() as f64 * p).ceil() as usize).clamp(1, times.len().max(1)) - 1;
        times.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    let n = times.len().max(1) as f64;
    println!(
        "cubes {} median_ms {:.3} mean_ms {:.3} p90_ms {:.3} max_ms {:.3} mean_htm {:.3}",
        times.len(),
        q(0.5),
        times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / n,
        q(0.9),
        q(1.0),
        lens.iter().sum::<usize>() as f64 / n
    );
}
