'use client';
/**
 * Entering a job's estimate: intake's upload or paste, preview beside the scrub's reading, and confirmation
 * (components/intake, docs/intake.md). Load it with next/dynamic: the drop zone stays out of the page's first load.
 */
export { EstimateIntake as EstimateEntry, type EstimateIntakeProps as EstimateEntryProps } from '@/components/intake';
