//! Errors of the engine: one typed value, a `#[non_exhaustive]` kind and the offending value.
//!
//! The numeric codes of [`ErrorKind`] are the only thing that crosses the wasm boundary; the
//! TypeScript loader asks the wasm module for the message of a code
//! (`engine_error_message_ptr/len`), so the texts live here and nowhere else.

use core::fmt;

/// What went wrong. The discriminant is the code used across the wasm boundary (0 means "ok").
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ErrorKind {
    /// `hz` is not a finite number in [`crate::settings::HZ_MIN`, `HZ_MAX`].
    InvalidHz = 1,
    /// `radius` is not a finite number greater than 0.
    InvalidRadius = 2,
    /// `inertia` is not a finite number at least 0.
    InvalidInertia = 3,
    /// `mass` is not a finite number at least 0.
    InvalidMass = 4,
    /// `warmup` is not 1, 2 or 3.
    InvalidWarmup = 5,
    /// An input array does not have as many entries as `timeUs`.
    LengthMismatch = 6,
    /// A batch carries device ω or α when the session's first batch did not, or the reverse.
    DeviceDataChanged = 7,
    /// `push` or `finish` after `finish`.
    Finished = 8,
    /// The wasm handle is null (a caller bug in the loader, not in the data).
    InvalidHandle = 9,
}

impl ErrorKind {
    /// Every kind, in code order (for the wasm message table and tests).
    pub const ALL: [ErrorKind; 9] = [
        ErrorKind::InvalidHz,
        ErrorKind::InvalidRadius,
        ErrorKind::InvalidInertia,
        ErrorKind::InvalidMass,
        ErrorKind::InvalidWarmup,
        ErrorKind::LengthMismatch,
        ErrorKind::DeviceDataChanged,
        ErrorKind::Finished,
        ErrorKind::InvalidHandle,
    ];

    /// The code used across the wasm boundary (never 0).
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The kind of a boundary code, if it is one.
    pub fn from_code(code: u32) -> Option<ErrorKind> {
        ErrorKind::ALL.iter().copied().find(|k| k.code() == code)
    }

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
            ErrorKind::InvalidHandle => "the engine handle is null or already freed",
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
    fn codes_are_distinct_nonzero_and_round_trip() {
        for (i, kind) in ErrorKind::ALL.iter().enumerate() {
            assert_eq!(kind.code(), i as u32 + 1);
            assert_eq!(ErrorKind::from_code(kind.code()), Some(*kind));
        }
        assert_eq!(ErrorKind::from_code(0), None);
        assert_eq!(ErrorKind::from_code(99), None);
    }

    #[test]
    fn display_carries_the_offending_value() {
        let e = Error::new(ErrorKind::InvalidHz, -5.0);
        assert_eq!(e.to_string(), "hz must be a finite number from 1 to 1000 (got -5)");
    }
}
