//! Wish Upon a Star's certification evidence: its RTP is exact in every variant of the
//! ladder (`cargo xtask exact wish-upon-a-star [--rtp R]`; the figures here rounded to
//! 1e-9, a test recomputes them), with its exact certificate committed in `confirmation/`
//! (`cargo xtask certify wish-upon-a-star --dir DIR [--rtp R]`, seconds; a test makes each
//! again and requires the same file); the sd of a round's win comes from the committed
//! 1e9-round report of the published model (`docs/par/wish-upon-a-star/report.json`) and
//! from each other variant's file's shape run (`variants/`).

use slot_core::evidence::{Evidence, ModeEvidence, RecordFile, SdSource, VariantEvidence};

/// The game's certification evidence ([`slot_core::Game::evidence`]): the exact RTP of every variant of the ladder and the source of its sd.
pub const EVIDENCE: Evidence = Evidence::new(
    "crates/wish_upon_a_star",
    false,
    &[
        VariantEvidence::new(
            "standard",
            &STANDARD_MODES,
            &[
                RecordFile {
                    name: "certificate-standard.json",
                    path: "confirmation/certificate-standard.json",
                },
                RecordFile {
                    name: "docs-par-report.json",
                    path: "../../docs/par/wish-upon-a-star/report.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-96.00",
            &RTP_96_00_MODES,
            &[
                RecordFile {
                    name: "certificate-standard.json",
                    path: "confirmation/variants/rtp-96.00/certificate-standard.json",
                },
                RecordFile {
                    name: "variant-rtp-96.00.json",
                    path: "variants/rtp-96.00.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-94.00",
            &RTP_94_00_MODES,
            &[
                RecordFile {
                    name: "certificate-standard.json",
                    path: "confirmation/variants/rtp-94.00/certificate-standard.json",
                },
                RecordFile {
                    name: "variant-rtp-94.00.json",
                    path: "variants/rtp-94.00.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-92.00",
            &RTP_92_00_MODES,
            &[
                RecordFile {
                    name: "certificate-standard.json",
                    path: "confirmation/variants/rtp-92.00/certificate-standard.json",
                },
                RecordFile {
                    name: "variant-rtp-92.00.json",
                    path: "variants/rtp-92.00.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-90.00",
            &RTP_90_00_MODES,
            &[
                RecordFile {
                    name: "certificate-standard.json",
                    path: "confirmation/variants/rtp-90.00/certificate-standard.json",
                },
                RecordFile {
                    name: "variant-rtp-90.00.json",
                    path: "variants/rtp-90.00.json",
                },
            ],
        ),
    ],
);

const STANDARD_MODES: [ModeEvidence; 1] = [ModeEvidence::exact(
    "standard",
    0.952019947,
    "exact: a fraction computed over the reel strips of the 95.20 % variant (cargo xtask exact wish-upon-a-star --rtp 95.20)",
    SdSource::Report {
        report: "../../docs/par/wish-upon-a-star/report.json",
    },
)];

const RTP_96_00_MODES: [ModeEvidence; 1] = [ModeEvidence::exact(
    "standard",
    0.96000484,
    "exact: a fraction computed over the reel strips of the 96.00 % variant (cargo xtask exact wish-upon-a-star --rtp 96.00)",
    SdSource::VariantShape {
        file: "variants/rtp-96.00.json",
    },
)];

const RTP_94_00_MODES: [ModeEvidence; 1] = [ModeEvidence::exact(
    "standard",
    0.93997882,
    "exact: a fraction computed over the reel strips of the 94.00 % variant (cargo xtask exact wish-upon-a-star --rtp 94.00)",
    SdSource::VariantShape {
        file: "variants/rtp-94.00.json",
    },
)];

const RTP_92_00_MODES: [ModeEvidence; 1] = [ModeEvidence::exact(
    "standard",
    0.92002069,
    "exact: a fraction computed over the reel strips of the 92.00 % variant (cargo xtask exact wish-upon-a-star --rtp 92.00)",
    SdSource::VariantShape {
        file: "variants/rtp-92.00.json",
    },
)];

const RTP_90_00_MODES: [ModeEvidence; 1] = [ModeEvidence::exact(
    "standard",
    0.90000592,
    "exact: a fraction computed over the reel strips of the 90.00 % variant (cargo xtask exact wish-upon-a-star --rtp 90.00)",
    SdSource::VariantShape {
        file: "variants/rtp-90.00.json",
    },
)];
