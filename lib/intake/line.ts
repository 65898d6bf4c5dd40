/**
 * One estimate line as intake read it from the shop's file — BMS XML, CIECA EMS, a PDF printout (text or
 * scanned), a CSV, or lines typed or pasted — and as the scrub takes it. Intake owns turning a file into
 * these lines; the scrub (lib/calibrations) owns turning them into calibrations. Both agree on this type
 * only: intake fills every field it can read and leaves the rest empty ('' or null), never guessed.
 */
export interface ReadLine {
  /** The estimate's own line number; the line's position (1-based) when the source prints none. */
  lineNum: number;
  /** BMS UniqueSequenceNum / EMS UNQ_SEQ; else derived from the position, stable for the same file. */
  uniqueSequenceNumber: number;
  /** The section heading the line sits under, as printed ("FRONT BUMPER & GRILLE"); '' when none. */
  section: string;
  /** The operation as the estimate writes it ("Repl", "R&I", "Rpr"); a code (BMS OP11, EMS LBR_OP) is given by its name. */
  operation: string;
  /** The code as the file holds it (OP11, EMS labour-operation code); '' for printed and typed sources. */
  operationCode: string;
  description: string;
  /** As printed: New/OEM, A/M, LKQ/Used, Recond, Opt OEM…; '' when none. */
  partType: string;
  partNumber: string;
  quantity: number | null;
  /** The labour type as printed or coded: Body, Refinish, Frame, Mechanical, Electrical, Glass, Structural…; '' when none. */
  labourType: string;
  /** Labour hours of the line. */
  hours: number | null;
  /** The line's extended price in dollars. */
  price: number | null;
  /** OCR only: the line's confidence from 0 to 1; null when read from a text layer, a file or typed. */
  confidence: number | null;
}

/** What the scrub needs of a line (the rest is kept with the job's estimate and shown). */
export type ScrubInputLine = Pick<ReadLine, 'lineNum' | 'operation' | 'description' | 'section'> &
  Partial<Pick<ReadLine, 'partType' | 'partNumber' | 'labourType'>>;
