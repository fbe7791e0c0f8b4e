//! Wish Upon a Star's certification evidence: its RTP is exact in every variant of the
//! ladder (`cargo xtask exact wish-upon-a-star [--rtp R]`; the figures here rounded to
//! 1e-9, a test recomputes them); the sd of a round's win comes from the committed
//! 1e9-round report of the published model (`docs/par/wish-upon-a-star/report.json`) and
//! from each other variant's file's shape run (`variants/`).

use slot_core::evidence::{Evidence, Method, ModeEvidence, RecordFile, SdSource, VariantEvidence};

/// The game's certification evidence ([`slot_core::Game::evidence`]): the exact RTP of every variant of the ladder and the source of its sd.
pub const EVIDENCE: Evidence = Evidence {
    crate_dir: "crates/wish_upon_a_star",
    split_base_by_mode: false,
    variants: &[
        VariantEvidence {
            model: "standard",
            modes: &STANDARD_MODES,
            files: &[RecordFile {
                name: "docs-par-report.json",
                path: "../../docs/par/wish-upon-a-star/report.json",
            }],
            award_reports: &[],
        },
        VariantEvidence {
            model: "rtp-96.00",
            modes: &RTP_96_00_MODES,
            files: &[RecordFile {
                name: "variant-rtp-96.00.json",
                path: "variants/rtp-96.00.json",
            }],
            award_reports: &[],
        },
        VariantEvidence {
            model: "rtp-94.00",
            modes: &RTP_94_00_MODES,
            files: &[RecordFile {
                name: "variant-rtp-94.00.json",
                path: "variants/rtp-94.00.json",
            }],
            award_reports: &[],
        },
        VariantEvidence {
            model: "rtp-92.00",
            modes: &RTP_92_00_MODES,
            files: &[RecordFile {
                name: "variant-rtp-92.00.json",
                path: "variants/rtp-92.00.json",
            }],
            award_reports: &[],
        },
        VariantEvidence {
            model: "rtp-90.00",
            modes: &RTP_90_00_MODES,
            files: &[RecordFile {
                name: "variant-rtp-90.00.json",
                path: "variants/rtp-90.00.json",
            }],
            award_reports: &[],
        },
    ],
};

const STANDARD_MODES: [ModeEvidence; 1] = [ModeEvidence {
    mode: "standard",
    rtp: 0.952019947,
    half_width_99: None,
    method: Method::Exact,
    how: "exact: a fraction computed over the reel strips of the 95.20 % variant (cargo xtask exact wish-upon-a-star --rtp 95.20)",
    sd: SdSource::Report {
        report: "../../docs/par/wish-upon-a-star/report.json",
    },
    odds: &[],
}];

const RTP_96_00_MODES: [ModeEvidence; 1] = [ModeEvidence {
    mode: "standard",
    rtp: 0.96000484,
    half_width_99: None,
    method: Method::Exact,
    how: "exact: a fraction computed over the reel strips of the 96.00 % variant (cargo xtask exact wish-upon-a-star --rtp 96.00)",
    sd: SdSource::VariantShape {
        file: "variants/rtp-96.00.json",
    },
    odds: &[],
}];

const RTP_94_00_MODES: [ModeEvidence; 1] = [ModeEvidence {
    mode: "standard",
    rtp: 0.93997882,
    half_width_99: None,
    method: Method::Exact,
    how: "exact: a fraction computed over the reel strips of the 94.00 % variant (cargo xtask exact wish-upon-a-star --rtp 94.00)",
    sd: SdSource::VariantShape {
        file: "variants/rtp-94.00.json",
    },
    odds: &[],
}];

const RTP_92_00_MODES: [ModeEvidence; 1] = [ModeEvidence {
    mode: "standard",
    rtp: 0.92002069,
    half_width_99: None,
    method: Method::Exact,
    how: "exact: a fraction computed over the reel strips of the 92.00 % variant (cargo xtask exact wish-upon-a-star --rtp 92.00)",
    sd: SdSource::VariantShape {
        file: "variants/rtp-92.00.json",
    },
    odds: &[],
}];

const RTP_90_00_MODES: [ModeEvidence; 1] = [ModeEvidence {
    mode: "standard",
    rtp: 0.90000592,
    half_width_99: None,
    method: Method::Exact,
    how: "exact: a fraction computed over the reel strips of the 90.00 % variant (cargo xtask exact wish-upon-a-star --rtp 90.00)",
    sd: SdSource::VariantShape {
        file: "variants/rtp-90.00.json",
    },
    odds: &[],
}];
