//! Where a word's letters stand in a short column, one bit per byte: a keystroke scores the
//! word in every distinct column text of the list (a hundred thousand addresses and names at
//! 100k contacts), and with the positions as bits, each step of the scan — the next letter
//! after this one, the last one before, every place where the word stands whole — is a
//! couple of instructions instead of a walk over the bytes.

/// The longest column read as bits (one bit a byte of a `u64`); longer ones are walked.
pub const MOST_BYTES: usize = 64;

/// The longest word read as bits (a mask a letter); longer ones are walked.
pub const MOST_LETTERS: usize = 8;

/// Where each letter of `word` stands in the first `length` bytes of `ahead` (the column,
/// and what follows it in memory, read ahead when there is enough of it): bit `i` of
/// `masks[n]` is set when byte `i` of the column is letter `n` of the word. The column has
/// at most [`MOST_BYTES`] bytes, and there is a mask for each letter of the word.
/// (Written in place: a returned array was copied, and read back before its stores had
/// landed, a tenth of a keystroke's search.)
pub fn of(ahead: &[u8], length: usize, word: &[u8], masks: &mut [u64]) {
    debug_assert!(length <= MOST_BYTES.min(ahead.len()) && word.len() == masks.len());
    let blocks = length.div_ceil(16);
    if ahead.len() < blocks * 16 {
        // Not enough after the column to read whole blocks: read a copy, zeros after.
        let mut padded = [0u8; MOST_BYTES];
        padded[..length].copy_from_slice(&ahead[..length]);
        return fill(&padded[..blocks * 16], length, word, masks);
    }
    fill(&ahead[..blocks * 16], length, word, masks)
}

/// [`of`], over the column's whole blocks of sixteen bytes.
#[inline]
fn fill(blocks: &[u8], length: usize, word: &[u8], masks: &mut [u64]) {
    // What follows the column is cleared from each mask: no letter is found past its end.
    let inside = below(length);
    for (mask, &letter) in masks.iter_mut().zip(word) {
        *mask = equal_bits(blocks, letter) & inside;
    }
}

/// The bits of `blocks` (sixteen bytes each, at most four) that equal `letter`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn equal_bits(blocks: &[u8], letter: u8) -> u64 {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut bits = 0u64;
    // SAFETY: SSE2 is part of every x86_64 processor; each load reads sixteen bytes of
    // `blocks` (whole blocks of sixteen), unaligned loads being allowed.
    unsafe {
        let wanted = _mm_set1_epi8(letter as i8);
        for (n, block) in blocks.chunks_exact(16).enumerate() {
            let bytes = _mm_loadu_si128(block.as_ptr().cast());
            let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, wanted)) as u32 & 0xFFFF;
            bits |= u64::from(equal) << (n * 16);
        }
    }
    bits
}

/// The bits of `blocks` (sixteen bytes each, at most four) that equal `letter`.
#[cfg(not(target_arch = "x86_64"))]
fn equal_bits(blocks: &[u8], letter: u8) -> u64 {
    blocks
        .iter()
        .enumerate()
        .filter(|&(_, &byte)| byte == letter)
        .fold(0, |bits, (at, _)| bits | 1 << at)
}

/// The bits below `at` (all of them from 64 on).
#[inline]
pub fn below(at: usize) -> u64 {
    if at >= 64 { u64::MAX } else { (1u64 << at) - 1 }
}

/// The bits above `at` (none from 63 on).
#[inline]
pub fn above(at: usize) -> u64 {
    if at >= 63 { 0 } else { u64::MAX << (at + 1) }
}

/// The lowest set bit's place, `None` when none is set.
#[inline]
pub fn lowest(bits: u64) -> Option<usize> {
    (bits != 0).then(|| bits.trailing_zeros() as usize)
}

/// The highest set bit's place, `None` when none is set.
#[inline]
pub fn highest(bits: u64) -> Option<usize> {
    (bits != 0).then(|| 63 - bits.leading_zeros() as usize)
}

/// Where the word (whose letters' masks these are) starts whole: each letter one byte after
/// the one before.
#[inline]
pub fn whole(masks: &[u64]) -> u64 {
    masks.iter().enumerate().fold(u64::MAX, |starts, (n, mask)| starts & (mask >> n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_of_a_column_up_to_64_is_read_and_none_past_its_end() {
        for length in 0..=MOST_BYTES {
            let column: Vec<u8> =
                (0..length).map(|at| if at % 3 == 0 { b'a' } else { b'x' }).collect();
            let mut masks = [0; 4];
            of(&column, column.len(), b"a\0xy", &mut masks);
            let expected = |wanted: u8| {
                column
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == wanted)
                    .fold(0u64, |m, (at, _)| m | 1 << at)
            };
            assert_eq!(masks[0], expected(b'a'), "length {length}");
            assert_eq!(masks[1], 0, "a zero byte is never found in the padding (length {length})");
            assert_eq!(masks[2], expected(b'x'), "length {length}");
            assert_eq!(masks[3], 0, "no letter, no bits");
            // Read ahead in what follows, which is not the column's.
            let mut ahead = column.clone();
            ahead.extend([b'a'; 64]);
            let mut read_ahead = [0; 4];
            of(&ahead, length, b"a\0xy", &mut read_ahead);
            assert_eq!(read_ahead, masks, "read ahead, length {length}");
        }
    }

    #[test]
    fn the_word_whole_is_found_where_it_starts() {
        let mut masks = [0; 3];
        of(b"banana", 6, b"ana", &mut masks);
        assert_eq!(whole(&masks), 0b1010);
        of(b"ban", 3, b"ann", &mut masks);
        assert_eq!(whole(&masks), 0, "a word running past the end is not there");
    }

    #[test]
    fn bits_above_and_below() {
        assert_eq!(below(0), 0);
        assert_eq!(below(3), 0b111);
        assert_eq!(below(64), u64::MAX);
        assert_eq!(above(0), u64::MAX - 1);
        assert_eq!(above(63), 0);
        assert_eq!((lowest(0b1100), highest(0b1100)), (Some(2), Some(3)));
        assert_eq!((lowest(0), highest(0)), (None, None));
    }
}
