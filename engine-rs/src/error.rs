//! Errors of the engine: one typed value, a `#[non_exhaustive]` kind and the offending value.
//! Its text (the kind's message and the value) is what a JavaScript caller gets as the
//! `Error`'s message, so the texts live here and nowhere else.

use core::fmt;

/// What went wrong.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// `hz` is not a finite number in [`crate::settings::HZ_MIN`, `HZ_MAX`].
    InvalidHz,
    /// `radius` is not a finite number greater than 0.
    InvalidRadius,
    /// `inertia` is not a finite number at least 0.
    InvalidInertia,
    /// `mass` is not a finite number at least 0.
    InvalidMass,
    /// `warmup` is not 1, 2 or 3.
    InvalidWarmup,
    /// An input array does not have as many entries as `timeUs`.
    LengthMismatch,
    /// A batch carries device ω or α when the session's first batch did not, or the reverse.
    DeviceDataChanged,
    /// `push` or `finish` after `finish`.
    Finished,
}

impl ErrorKind {
    /// A sentence for the user of the API; the caller appends the offending value.
    pub fn message(self) -> &'static str {
        match self {
            ErrorKind::InvalidHz => "hz must be a finite number from 1 to 1000",
            ErrorKind::InvalidRadius => "radius must be a finite number of metres greater than 0",
            ErrorKind::InvalidInertia => "inertia must be a finite number of kg·m² at least 0",
            ErrorKind::InvalidMass => "mass must be a finite number of kg at least 0",
            ErrorKind::InvalidWarmup => "warmup must be 1, 2 or 3 repetitions",
            ErrorKind::LengthMismatch => "every input array must have as many entries as timeUs",
            ErrorKind::DeviceDataChanged => {
                "device angular velocity/acceleration must be given in every batch of a session or in none"
            }
            ErrorKind::Finished => "the engine has finished; create a new one for more data",
        }
    }
}

/// An engine error: its kind and the value that caused it (a setting, or an array length).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Error {
    kind: ErrorKind,
    value: f64,
}

impl Error {
    /// An error of `kind` caused by `value`.
    pub fn new(kind: ErrorKind, value: f64) -> Error {
        Error { kind, value }
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The offending value: the rejected setting, or the length of the mismatching array.
    pub fn value(&self) -> f64 {
        self.value
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (got {})", self.kind.message(), self.value)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_carries_the_offending_value() {
        let e = Error::new(ErrorKind::InvalidHz, -5.0);
        assert_eq!(e.to_string(), "hz must be a finite number from 1 to 1000 (got -5)");
    }
}
