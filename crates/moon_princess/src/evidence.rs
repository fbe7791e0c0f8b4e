//! Moon Princess's certification evidence, one entry per variant of its RTP ladder: every
//! pick's RTP by the split estimate (B + q V; the sd of whole rounds from the record's sums)
//! and the odds of the 5,000 x cap, each with its record in `confirmation/` (the figures,
//! how they were obtained and the earlier runs: `confirmation/README.md`). A test of the
//! runner recomputes every figure from its record and ties it to the variant's fingerprint.

use slot_core::evidence::{
    AwardOdds, Evidence, Method, ModeEvidence, RecordFile, SdSource, VariantEvidence,
};

/// The game's certification evidence ([`slot_core::Game::evidence`]): every pick of the published model and of the ladder's other variants, certified by the split estimate.
pub const EVIDENCE: Evidence = Evidence::new(
    "crates/moon_princess",
    false,
    &[
        VariantEvidence::new(
            "standard",
            &STANDARD_MODES,
            &[
                RecordFile {
                    name: "split_3e9_8e7_seed20261303.json",
                    path: "confirmation/split_3e9_8e7_seed20261303.json",
                },
                RecordFile {
                    name: "split_1e9_2e8_seed20261401.json",
                    path: "confirmation/split_1e9_2e8_seed20261401.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-96.50",
            &RTP_96_50_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-96.50/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-96.50/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-96.50/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-96.50/split.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-91.49",
            &RTP_91_49_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-91.49/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-91.49/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-91.49/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-91.49/split.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-87.50",
            &RTP_87_50_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-87.50/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-87.50/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-87.50/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-87.50/split.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-84.50",
            &RTP_84_50_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-84.50/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-84.50/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-84.50/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-84.50/split.json",
                },
            ],
        ),
    ],
);

const STANDARD_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.9452023847377335,
        half_width_99: Some(0.0004712524238606934),
        method: Method::Split {
            record: "confirmation/split_3e9_8e7_seed20261303.json",
        },
        how: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261304)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.0609585250000002e-9,
            count: 102.21188404908649,
            how: "split record confirmation/split_1e9_2e8_seed20261401.json: 1e9 base games (seed 20261401) and 2e8 features alone (seed 20261402), each feature weighted by the share of triggering base games it caps with (effective count 102.2); nothing left out; no base game capped alone in 1e9 (its chance, stated apart: at most 3.7e-9 at 95 %)",
            record: "confirmation/split_1e9_2e8_seed20261401.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.9451047251761446,
        half_width_99: Some(0.00046385185581976894),
        method: Method::Split {
            record: "confirmation/split_3e9_8e7_seed20261303.json",
        },
        how: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261305)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 3.04935138e-9,
            count: 150.30002397902103,
            how: "split record confirmation/split_1e9_2e8_seed20261401.json: 1e9 base games (seed 20261401) and 2e8 features alone (seed 20261403), each feature weighted by the share of triggering base games it caps with (effective count 150.3); nothing left out; no base game capped alone in 1e9 (its chance, stated apart: at most 3.7e-9 at 95 %)",
            record: "confirmation/split_1e9_2e8_seed20261401.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.9449305956216144,
        half_width_99: Some(0.0004388815858272838),
        method: Method::Split {
            record: "confirmation/split_3e9_8e7_seed20261303.json",
        },
        how: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261306)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.334333255e-9,
            count: 66.04823993493534,
            how: "split record confirmation/split_1e9_2e8_seed20261401.json: 1e9 base games (seed 20261401) and 2e8 features alone (seed 20261404), each feature weighted by the share of triggering base games it caps with (effective count 66.0); nothing left out; no base game capped alone in 1e9 (its chance, stated apart: at most 3.7e-9 at 95 %)",
            record: "confirmation/split_1e9_2e8_seed20261401.json",
        }],
    },
];

const RTP_96_50_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.9649641380700189,
        half_width_99: Some(0.00048272309651833223),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split.json",
        },
        how: "split: B + q V; B, q from 3.0e9 base games, V from 8.0e7 features alone, in 10 chunks (chunk i: base games seed 20264000 + 16 i, love's features seed 20264001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.4018514375e-9,
            count: 47.71865340271483,
            how: "split record confirmation/variants/rtp-96.50/split.json: 3e9 base games (seed 20264000) and 8e7 features alone (seed 20264001), each feature weighted by the share of triggering base games it caps with (effective count 47.7); nothing left out; no base game capped alone in 3e9 (its chance, stated apart: at most 1.2e-9 at 95 %)",
            record: "confirmation/variants/rtp-96.50/split.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.9654313215717141,
        half_width_99: Some(0.00047604846581033455),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split.json",
        },
        how: "split: B + q V; B, q from 3.0e9 base games, V from 8.0e7 features alone, in 10 chunks (chunk i: base games seed 20264000 + 16 i, star's features seed 20264002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 3.1915087916666664e-9,
            count: 63.124618853366314,
            how: "split record confirmation/variants/rtp-96.50/split.json: 3e9 base games (seed 20264000) and 8e7 features alone (seed 20264002), each feature weighted by the share of triggering base games it caps with (effective count 63.1); nothing left out; no base game capped alone in 3e9 (its chance, stated apart: at most 1.2e-9 at 95 %)",
            record: "confirmation/variants/rtp-96.50/split.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.965117073080312,
        half_width_99: Some(0.0004510629966477033),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split.json",
        },
        how: "split: B + q V; B, q from 3.0e9 base games, V from 8.0e7 features alone, in 10 chunks (chunk i: base games seed 20264000 + 16 i, storm's features seed 20264003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 9.119498166666666e-10,
            count: 18.87199723247634,
            how: "split record confirmation/variants/rtp-96.50/split.json: 3e9 base games (seed 20264000) and 8e7 features alone (seed 20264003), each feature weighted by the share of triggering base games it caps with (effective count 18.9); nothing left out; no base game capped alone in 3e9 (its chance, stated apart: at most 1.2e-9 at 95 %)",
            record: "confirmation/variants/rtp-96.50/split.json",
        }],
    },
];

const RTP_91_49_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.9150888139191689,
        half_width_99: Some(0.00047866175674964804),
        method: Method::Split {
            record: "confirmation/variants/rtp-91.49/split.json",
        },
        how: "split: B + q V; B, q from 2.7e9 base games, V from 7.2e7 features alone, in 9 chunks (chunk i: base games seed 20263000 + 16 i, love's features seed 20263001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.0189542592592597e-9,
            count: 35.669594689062016,
            how: "split record confirmation/variants/rtp-91.49/split.json: 2.7e9 base games (seed 20263000) and 7.2e7 features alone (seed 20263001), each feature weighted by the share of triggering base games it caps with (effective count 35.7); nothing left out; no base game capped alone in 2.7e9 (its chance, stated apart: at most 1.4e-9 at 95 %)",
            record: "confirmation/variants/rtp-91.49/split.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.914614257222164,
        half_width_99: Some(0.00047008171454151267),
        method: Method::Split {
            record: "confirmation/variants/rtp-91.49/split.json",
        },
        how: "split: B + q V; B, q from 2.7e9 base games, V from 7.2e7 features alone, in 9 chunks (chunk i: base games seed 20263000 + 16 i, star's features seed 20263002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.3622120576131686e-9,
            count: 42.08502418134201,
            how: "split record confirmation/variants/rtp-91.49/split.json: 2.7e9 base games (seed 20263000) and 7.2e7 features alone (seed 20263002), each feature weighted by the share of triggering base games it caps with (effective count 42.1); nothing left out; no base game capped alone in 2.7e9 (its chance, stated apart: at most 1.4e-9 at 95 %)",
            record: "confirmation/variants/rtp-91.49/split.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.914926460525473,
        half_width_99: Some(0.0004443134177071724),
        method: Method::Split {
            record: "confirmation/variants/rtp-91.49/split.json",
        },
        how: "split: B + q V; B, q from 2.7e9 base games, V from 7.2e7 features alone, in 9 chunks (chunk i: base games seed 20263000 + 16 i, storm's features seed 20263003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.2613495010288068e-9,
            count: 22.499220511202516,
            how: "split record confirmation/variants/rtp-91.49/split.json: 2.7e9 base games (seed 20263000) and 7.2e7 features alone (seed 20263003), each feature weighted by the share of triggering base games it caps with (effective count 22.5); nothing left out; no base game capped alone in 2.7e9 (its chance, stated apart: at most 1.4e-9 at 95 %)",
            record: "confirmation/variants/rtp-91.49/split.json",
        }],
    },
];

const RTP_87_50_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.8747624323034251,
        half_width_99: Some(0.00048175473235581183),
        method: Method::Split {
            record: "confirmation/variants/rtp-87.50/split.json",
        },
        how: "split: B + q V; B, q from 2.4e9 base games, V from 6.4e7 features alone, in 8 chunks (chunk i: base games seed 20265000 + 16 i, love's features seed 20265001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.297664609375e-9,
            count: 21.0354378341831,
            how: "split record confirmation/variants/rtp-87.50/split.json: 2.4e9 base games (seed 20265000) and 6.4e7 features alone (seed 20265001), each feature weighted by the share of triggering base games it caps with (effective count 21.0); nothing left out; no base game capped alone in 2.4e9 (its chance, stated apart: at most 1.5e-9 at 95 %)",
            record: "confirmation/variants/rtp-87.50/split.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.8751689400435717,
        half_width_99: Some(0.0004727346608502738),
        method: Method::Split {
            record: "confirmation/variants/rtp-87.50/split.json",
        },
        how: "split: B + q V; B, q from 2.4e9 base games, V from 6.4e7 features alone, in 8 chunks (chunk i: base games seed 20265000 + 16 i, star's features seed 20265002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.78342232421875e-9,
            count: 28.496683273212465,
            how: "split record confirmation/variants/rtp-87.50/split.json: 2.4e9 base games (seed 20265000) and 6.4e7 features alone (seed 20265002), each feature weighted by the share of triggering base games it caps with (effective count 28.5); nothing left out; no base game capped alone in 2.4e9 (its chance, stated apart: at most 1.5e-9 at 95 %)",
            record: "confirmation/variants/rtp-87.50/split.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.8751059829235237,
        half_width_99: Some(0.00044565713853549104),
        method: Method::Split {
            record: "confirmation/variants/rtp-87.50/split.json",
        },
        how: "split: B + q V; B, q from 2.4e9 base games, V from 6.4e7 features alone, in 8 chunks (chunk i: base games seed 20265000 + 16 i, storm's features seed 20265003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.1157002213541666e-9,
            count: 17.82233771462812,
            how: "split record confirmation/variants/rtp-87.50/split.json: 2.4e9 base games (seed 20265000) and 6.4e7 features alone (seed 20265003), each feature weighted by the share of triggering base games it caps with (effective count 17.8); nothing left out; no base game capped alone in 2.4e9 (its chance, stated apart: at most 1.5e-9 at 95 %)",
            record: "confirmation/variants/rtp-87.50/split.json",
        }],
    },
];

const RTP_84_50_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.8449650664580213,
        half_width_99: Some(0.0004944405793859789),
        method: Method::Split {
            record: "confirmation/variants/rtp-84.50/split.json",
        },
        how: "split: B + q V; B, q from 2.1e9 base games, V from 5.6e7 features alone, in 7 chunks (chunk i: base games seed 20262000 + 16 i, love's features seed 20262001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.2722482908163266e-9,
            count: 17.597648361179726,
            how: "split record confirmation/variants/rtp-84.50/split.json: 2.1e9 base games (seed 20262000) and 5.6e7 features alone (seed 20262001), each feature weighted by the share of triggering base games it caps with (effective count 17.6); nothing left out; no base game capped alone in 2.1e9 (its chance, stated apart: at most 1.8e-9 at 95 %)",
            record: "confirmation/variants/rtp-84.50/split.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.845114182842065,
        half_width_99: Some(0.0004836958229280053),
        method: Method::Split {
            record: "confirmation/variants/rtp-84.50/split.json",
        },
        how: "split: B + q V; B, q from 2.1e9 base games, V from 5.6e7 features alone, in 7 chunks (chunk i: base games seed 20262000 + 16 i, star's features seed 20262002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.0724819387755103e-9,
            count: 28.465573084185376,
            how: "split record confirmation/variants/rtp-84.50/split.json: 2.1e9 base games (seed 20262000) and 5.6e7 features alone (seed 20262002), each feature weighted by the share of triggering base games it caps with (effective count 28.5); nothing left out; no base game capped alone in 2.1e9 (its chance, stated apart: at most 1.8e-9 at 95 %)",
            record: "confirmation/variants/rtp-84.50/split.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.8452021638671485,
        half_width_99: Some(0.0004550564161348024),
        method: Method::Split {
            record: "confirmation/variants/rtp-84.50/split.json",
        },
        how: "split: B + q V; B, q from 2.1e9 base games, V from 5.6e7 features alone, in 7 chunks (chunk i: base games seed 20262000 + 16 i, storm's features seed 20262003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 8.190543452380953e-10,
            count: 11.277894410491951,
            how: "split record confirmation/variants/rtp-84.50/split.json: 2.1e9 base games (seed 20262000) and 5.6e7 features alone (seed 20262003), each feature weighted by the share of triggering base games it caps with (effective count 11.3); nothing left out; no base game capped alone in 2.1e9 (its chance, stated apart: at most 1.8e-9 at 95 %)",
            record: "confirmation/variants/rtp-84.50/split.json",
        }],
    },
];
