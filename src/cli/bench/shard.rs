//! `--shard i/n`: one of n shards of a bench (or sweep), to spread it over
//! machines. Shards are numbered from 1 (`1/4` … `4/4`, as Slurm array
//! indices `--array=1-4` and GNU parallel's `{#}` count); cube `k` belongs
//! to shard `k mod n + 1`. A shard runs its cubes with the indices and seeds
//! they have in the whole run, so `cubetui merge` of every shard's `--jsonl`
//! prints what the whole run prints.

use std::fmt;

/// Shard `i` of `n`, `1 <= i <= n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub i: u64,
    pub n: u64,
}

/// Most shards.
pub const MAX_SHARDS: u64 = 1_000_000;

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { i: 1, n: 1 };

    /// How many of `cubes` cubes (indices `0..cubes`) this shard runs.
    pub fn count(self, cubes: u64) -> u64 {
        let first = self.i - 1;
        if first >= cubes {
            0
        } else {
            (cubes - 1 - first) / self.n + 1
        }
    }

    /// The index of this shard's `pos`-th cube (from 0).
    pub fn index(self, pos: u64) -> u64 {
        self.i - 1 + pos * self.n
    }

    /// Whether this is the whole run.
    pub fn is_all(self) -> bool {
        self.n == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.i, self.n)
    }
}

/// Clap's parser of `--shard I/N`: the error names what is wrong (exit 2).
pub fn parse(raw: &str) -> Result<Shard, String> {
    let (i, n) = raw
        .split_once('/')
        .ok_or_else(|| "expected I/N, e.g. 1/4 (shard I of N, from 1)".to_string())?;
    let num = |s: &str, what: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("{what} `{s}` is not a whole number (expected I/N, e.g. 1/4)"))
    };
    let (i, n) = (num(i, "shard")?, num(n, "count")?);
    if n == 0 || n > MAX_SHARDS {
        return Err(format!(
            "the count of shards must be from 1 to {MAX_SHARDS}, got {n}"
        ));
    }
    if i == 0 || i > n {
        return Err(format!(
            "shards are numbered from 1 to {n} (I/N, I from 1), got {i}"
        ));
    }
    Ok(Shard { i, n })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_indices_without_overlap_or_gap() {
        for cubes in 0..12 {
            for n in 1..6 {
                let mut seen: Vec<u64> = (1..=n)
                    .flat_map(|i| {
                        let s = Shard { i, n };
                        (0..s.count(cubes)).map(move |p| s.index(p))
                    })
                    .collect();
                seen.sort();
                assert_eq!(seen, (0..cubes).collect::<Vec<_>>(), "{cubes} cubes, {n}");
            }
        }
        let s = parse("2/4").unwrap();
        assert_eq!(
            (0..s.count(10)).map(|p| s.index(p)).collect::<Vec<_>>(),
            [1, 5, 9]
        );
    }

    #[test]
    fn bad_shards_name_the_fault() {
        for (raw, said) in [
            ("0/4", "numbered from 1 to 4"),
            ("5/4", "got 5"),
            ("a/b", "`a` is not a whole number"),
            ("1/0", "from 1 to"),
            ("3", "expected I/N"),
            ("-1/4", "`-1`"),
        ] {
            let e = parse(raw).unwrap_err();
            assert!(e.contains(said), "{raw}: {e}");
        }
        assert_eq!(parse("4/4"), Ok(Shard { i: 4, n: 4 }));
    }
}
