//! `declare_variants!`: a parameter enum written once — a `kind` key that
//! picks a variant, each variant with its own keys — from which the enum,
//! its `Default` (the first variant), its stored form (each key optional,
//! a missing one taking its declared default) and its [`Declared`]
//! declaration, numbers and setter are generated.
//!
//! [`Declared`]: crate::declare::Declared

/// A number a variant's key holds (`f64`, or a whole number).
pub trait AsNumber: Copy {
    /// The value as `f64`.
    fn number(self) -> f64;
    /// The value from `v`, already checked against its range (a whole
    /// number takes it rounded).
    fn from_number(v: f64) -> Self;
}

impl AsNumber for f64 {
    fn number(self) -> f64 {
        self
    }
    fn from_number(v: f64) -> Self {
        v
    }
}

impl AsNumber for u64 {
    fn number(self) -> f64 {
        self as f64
    }
    fn from_number(v: f64) -> Self {
        v as u64
    }
}

/// Declares a tagged parameter enum once:
///
/// ```text
/// /// doc comment
/// #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// #[serde(from = "Stored", into = "Stored")]
/// pub enum Name as Stored {
///     "kind": Live, "meaning of the kind key",
///     run: [KEY => (min, max, Scale) = Name::value_now, "meaning"],
///     /// doc comment
///     Variant = "variant" {
///         /// doc comment
///         key: type = default => kind(args), Live, "meaning",
///         shared: type = default,
///     }
/// }
/// ```
///
/// Keys are declared in order: the kind (a choice of the variants' names,
/// the tag of the stored form), the run values (numbers a run holds, not
/// enum fields: `run_value`s, unprefixed, their default read from the
/// value by the function given), then each variant's keys as
/// `declare_params!` reads them (numeric kinds only, or a
/// [`SharedKey`](crate::declare::SharedKey): `key: type = default => CONST,`).
/// A key with no `=>` is declared by an earlier variant: its range, scale and meaning are
/// that one's, its default here is this variant's. The declared default
/// of a key is this value's when it is of the key's variant, else the
/// variant's declared default.
macro_rules! declare_variants {
    (
        $(#[$eattr:meta])*
        $vis:vis enum $name:ident as $stored:ident {
            $tag:literal : $klive:ident, $kmeaning:expr,
            run: [$($rkey:expr => ($rmin:expr, $rmax:expr, $rscale:ident) = $rnow:path, $rmeaning:expr),* $(,)?],
            $(
                $(#[$vattr:meta])*
                $variant:ident = $wire:literal {
                    $(
                        $(#[$fattr:meta])*
                        $field:ident : $ty:ty = $default:expr
                            $(=> $kind:ident $(( $($karg:tt)* ), $live:ident, $meaning:expr)?)?,
                    )+
                }
            )+
        }
    ) => {
        $(#[$eattr])*
        $vis enum $name {
            $(
                $(#[$vattr])*
                $variant {
                    $(
                        $(#[$fattr])*
                        $field: $ty,
                    )+
                },
            )+
        }

        /// The stored form: the tag, and each key optional (a missing one
        /// takes its declared default).
        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(tag = $tag, deny_unknown_fields)]
        enum $stored {
            $(
                #[serde(rename = $wire)]
                $variant {
                    $(
                        #[serde(default)]
                        $field: Option<$ty>,
                    )+
                },
            )+
        }

        impl From<$stored> for $name {
            fn from(s: $stored) -> Self {
                match s {
                    $(
                        $stored::$variant { $($field,)+ } => $name::$variant {
                            $($field: $field.unwrap_or_else(|| $default),)+
                        },
                    )+
                }
            }
        }

        impl From<$name> for $stored {
            fn from(s: $name) -> Self {
                match s {
                    $(
                        $name::$variant { $($field,)+ } => $stored::$variant {
                            $($field: Some($field),)+
                        },
                    )+
                }
            }
        }

        impl $name {
            /// The names of the kinds, in declaration order.
            $vis const KINDS: &'static [&'static str] = &[$($wire),+];

            /// Every kind with its declared defaults, in declaration order.
            $vis fn every_default() -> Vec<Self> {
                vec![$($name::$variant { $($field: $default,)+ }),+]
            }

            /// The name of this value's kind.
            $vis fn kind(&self) -> &'static str {
                match self {
                    $($name::$variant { .. } => $wire,)+
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                let [first, ..] = [$($name::$variant { $($field: $default,)+ }),+];
                first
            }
        }

        impl $crate::declare::Declared for $name {
            fn declare(&self, prefix: &str) -> Vec<$crate::params::ParamSpec> {
                let mut out = vec![$crate::params::ParamSpec::choice(
                    format!(concat!("{}", $tag), prefix),
                    Self::KINDS,
                    self.kind(),
                    $crate::params::Live::$klive,
                    $kmeaning,
                )];
                $(
                    out.push($crate::params::ParamSpec::run_value(
                        $rkey,
                        ($rmin, $rmax),
                        $rnow(self),
                        $crate::params::Scale::$rscale,
                        $rmeaning,
                    ));
                )*
                for d in Self::every_default() {
                    let v = if d.kind() == self.kind() { self } else { &d };
                    match v {
                        $(
                            $name::$variant { $($field,)+ } => {
                                $(
                                    let _ = $field;
                                    $(
                                        out.push($crate::declare::declare_params!(
                                            @one $kind [$(( $($karg)* ), $live, $meaning)?],
                                            format!(concat!("{}", stringify!($field)), prefix),
                                            *$field
                                        ));
                                    )?
                                )+
                            }
                        )+
                    }
                }
                out
            }

            fn numbers(&self) -> Vec<(String, f64)> {
                use $crate::declare_variants::AsNumber;
                match self {
                    $(
                        $name::$variant { $($field,)+ } => vec![
                            $((stringify!($field).to_string(), $field.number()),)+
                        ],
                    )+
                }
            }

            fn set_number(&mut self, key: &str, v: f64) -> bool {
                use $crate::declare_variants::AsNumber;
                match self {
                    $(
                        $name::$variant { $($field,)+ } => match key {
                            $(
                                stringify!($field) => {
                                    *$field = AsNumber::from_number(v);
                                    true
                                }
                            )+
                            _ => false,
                        },
                    )+
                }
            }
        }
    };
}

pub(crate) use declare_variants;
