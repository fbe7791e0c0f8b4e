//! Starlight Christmas's certification evidence, one entry per variant of its RTP ladder:
//! each bet mode's RTP by the split estimate ((B + q V) / stake) with the odds of the
//! 5,000 x cap from the same record, in `confirmation/`; the published model's sd from its
//! whole-round runs (`confirmation/par_*`), the other variants' from their records' sums.
//! The figures, how they were obtained and the runs before them: `confirmation/README.md`.
//! Tests of the runner recompute every figure from its record and tie it to the model's
//! fingerprint.

use slot_core::evidence::{
    AwardOdds, Evidence, Method, ModeEvidence, RecordFile, SdSource, VariantEvidence,
};

/// The game's certification evidence ([`slot_core::Game::evidence`]): both bet modes of the published model and of the ladder's other variants.
pub const EVIDENCE: Evidence = Evidence::new(
    "crates/starlight_christmas",
    true,
    &[
        VariantEvidence::new(
            "standard",
            &STANDARD_MODES,
            &[
                RecordFile {
                    name: "split_certification/certificate-ante.json",
                    path: "confirmation/split_certification/certificate-ante.json",
                },
                RecordFile {
                    name: "split_certification/certificate-standard.json",
                    path: "confirmation/split_certification/certificate-standard.json",
                },
                RecordFile {
                    name: "split_certification/split-ante.json",
                    path: "confirmation/split_certification/split-ante.json",
                },
                RecordFile {
                    name: "split_certification/split-standard.json",
                    path: "confirmation/split_certification/split-standard.json",
                },
                RecordFile {
                    name: "par_standard_1e9_seed20261703/report.json",
                    path: "confirmation/par_standard_1e9_seed20261703/report.json",
                },
                RecordFile {
                    name: "par_standard_1e9_seed20261703/report.md",
                    path: "confirmation/par_standard_1e9_seed20261703/report.md",
                },
                RecordFile {
                    name: "par_ante_1e9_seed20261705/report.json",
                    path: "confirmation/par_ante_1e9_seed20261705/report.json",
                },
                RecordFile {
                    name: "par_ante_1e9_seed20261705/report.md",
                    path: "confirmation/par_ante_1e9_seed20261705/report.md",
                },
            ],
        )
        .with_award_reports(&[
            "confirmation/par_standard_1e9_seed20261703/report.json",
            "confirmation/par_ante_1e9_seed20261705/report.json",
        ]),
        VariantEvidence::new(
            "rtp-96.50",
            &RTP_96_50_MODES,
            &[
                RecordFile {
                    name: "variants/rtp-96.50/certificate-ante.json",
                    path: "confirmation/variants/rtp-96.50/certificate-ante.json",
                },
                RecordFile {
                    name: "variants/rtp-96.50/certificate-standard.json",
                    path: "confirmation/variants/rtp-96.50/certificate-standard.json",
                },
                RecordFile {
                    name: "variants/rtp-96.50/split-ante.json",
                    path: "confirmation/variants/rtp-96.50/split-ante.json",
                },
                RecordFile {
                    name: "variants/rtp-96.50/split-standard.json",
                    path: "confirmation/variants/rtp-96.50/split-standard.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-94.50",
            &RTP_94_50_MODES,
            &[
                RecordFile {
                    name: "variants/rtp-94.50/certificate-ante.json",
                    path: "confirmation/variants/rtp-94.50/certificate-ante.json",
                },
                RecordFile {
                    name: "variants/rtp-94.50/certificate-standard.json",
                    path: "confirmation/variants/rtp-94.50/certificate-standard.json",
                },
                RecordFile {
                    name: "variants/rtp-94.50/split-ante.json",
                    path: "confirmation/variants/rtp-94.50/split-ante.json",
                },
                RecordFile {
                    name: "variants/rtp-94.50/split-standard.json",
                    path: "confirmation/variants/rtp-94.50/split-standard.json",
                },
            ],
        ),
    ],
);

const STANDARD_MODES: [ModeEvidence; 2] = [
    ModeEvidence {
        mode: "standard",
        rtp: 0.9549219943328169,
        half_width_99: Some(0.0004954600631718724),
        method: Method::Split {
            record: "confirmation/split_certification/split-standard.json",
        },
        how: "split estimate (B + q V) / stake until the 99 % half-width was at most 0.05 pp: 2400000000 base games (seed 20261701) and 62400000 features played alone",
        sd: SdSource::Report {
            report: "confirmation/par_standard_1e9_seed20261703/report.json",
        },
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.8729208816105731e-7,
            count: 4320.641981024389,
            interval_95: None,
            how: "split record confirmation/split_certification/split-standard.json: 2400000000 base games (seed 20261701) and 62400000 features alone, each feature weighted by the share of triggering base games it caps with (effective count 4320.6)",
            record: "confirmation/split_certification/split-standard.json",
        }],
    },
    ModeEvidence {
        mode: "ante",
        rtp: 0.95525586714715,
        half_width_99: Some(0.0004944453499692551),
        method: Method::Split {
            record: "confirmation/split_certification/split-ante.json",
        },
        how: "split estimate (B + q V) / stake until the 99 % half-width was at most 0.05 pp: 3200000000 base games (seed 20261702) and 83200000 features played alone",
        sd: SdSource::Report {
            report: "confirmation/par_ante_1e9_seed20261705/report.json",
        },
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 3.6757970237004195e-7,
            count: 6649.461673502967,
            interval_95: None,
            how: "split record confirmation/split_certification/split-ante.json: 3200000000 base games (seed 20261702) and 83200000 features alone, each feature weighted by the share of triggering base games it caps with (effective count 6649.5)",
            record: "confirmation/split_certification/split-ante.json",
        }],
    },
];

const RTP_96_50_MODES: [ModeEvidence; 2] = [
    ModeEvidence {
        mode: "standard",
        rtp: 0.9645067137290744,
        half_width_99: Some(0.0004965794172283567),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split-standard.json",
        },
        how: "split estimate (B + q V) / stake until the 99 % half-width was at most 0.05 pp: 2400000000 base games (seed 20261810) and 62400000 features played alone",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.8194049620058757e-7,
            count: 4264.558352046922,
            interval_95: None,
            how: "split record confirmation/variants/rtp-96.50/split-standard.json: 2400000000 base games (seed 20261810) and 62400000 features alone, each feature weighted by the share of triggering base games it caps with (effective count 4264.6)",
            record: "confirmation/variants/rtp-96.50/split-standard.json",
        }],
    },
    ModeEvidence {
        mode: "ante",
        rtp: 0.9649193709834034,
        half_width_99: Some(0.0004951063427068319),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split-ante.json",
        },
        how: "split estimate (B + q V) / stake until the 99 % half-width was at most 0.05 pp: 3200000000 base games (seed 20261820) and 83200000 features played alone",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 3.6074976808894153e-7,
            count: 6446.164402865825,
            interval_95: None,
            how: "split record confirmation/variants/rtp-96.50/split-ante.json: 3200000000 base games (seed 20261820) and 83200000 features alone, each feature weighted by the share of triggering base games it caps with (effective count 6446.2)",
            record: "confirmation/variants/rtp-96.50/split-ante.json",
        }],
    },
];

const RTP_94_50_MODES: [ModeEvidence; 2] = [
    ModeEvidence {
        mode: "standard",
        rtp: 0.9449111720370296,
        half_width_99: Some(0.0004942743304175882),
        method: Method::Split {
            record: "confirmation/variants/rtp-94.50/split-standard.json",
        },
        how: "split estimate (B + q V) / stake until the 99 % half-width was at most 0.05 pp: 2400000000 base games (seed 20261830) and 62400000 features played alone",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.8274618219150596e-7,
            count: 4464.7920152181705,
            interval_95: None,
            how: "split record confirmation/variants/rtp-94.50/split-standard.json: 2400000000 base games (seed 20261830) and 62400000 features alone, each feature weighted by the share of triggering base games it caps with (effective count 4464.8)",
            record: "confirmation/variants/rtp-94.50/split-standard.json",
        }],
    },
    ModeEvidence {
        mode: "ante",
        rtp: 0.9453064707734219,
        half_width_99: Some(0.0004937233294444728),
        method: Method::Split {
            record: "confirmation/variants/rtp-94.50/split-ante.json",
        },
        how: "split estimate (B + q V) / stake until the 99 % half-width was at most 0.05 pp: 3200000000 base games (seed 20261840) and 83200000 features played alone",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 3.6486883719200715e-7,
            count: 6596.739662316341,
            interval_95: None,
            how: "split record confirmation/variants/rtp-94.50/split-ante.json: 3200000000 base games (seed 20261840) and 83200000 features alone, each feature weighted by the share of triggering base games it caps with (effective count 6596.7)",
            record: "confirmation/variants/rtp-94.50/split-ante.json",
        }],
    },
];
