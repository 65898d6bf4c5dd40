/**
 * The calibration report's own labels in each report language (docs/report.md#language: every label of the
 * report in its language). These are the product's words, so they ship with it; a firm's configuration may still
 * word one differently (language/translations, type "Report"), and that wins. Texts a firm writes itself
 * (system names, notices, recommendations) come only from its translations. A text with no translation
 * is printed in English followed by FALLBACK_MARK, and the report ends with FALLBACK_NOTE saying so.
 */
import type { ReportPreference } from '../../lib/contract/calibrations';

type Language = Exclude<ReportPreference['language'], 'en'>;

/** Put after an English text shown in a report of another language. */
export const FALLBACK_MARK = ' [EN]';
/** The note explaining FALLBACK_MARK (a label itself). */
export const FALLBACK_NOTE = '[EN]: no translation yet, shown in English.';

export const REPORT_LABELS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  es: {
    'Calibration Report': 'Informe de calibración',
    Vehicle: 'Vehículo',
    VIN: 'VIN',
    'RO number': 'Número de orden de reparación',
    Insurer: 'Aseguradora',
    'Inspection date': 'Fecha de inspección',
    Inspector: 'Inspector',
    Note: 'Nota',
    'Inspection notes': 'Notas de la inspección',
    'Calibrated by': 'Calibrado por',
    Systems: 'Sistemas',
    Passed: 'Aprobado',
    'Calibration required': 'Calibración requerida',
    Calibrated: 'Calibrado',
    Failed: 'Fallido',
    'Not applicable': 'No aplica',
    'Not equipped': 'No equipado',
    'No result recorded': 'Sin resultado registrado',
    Calibration: 'Calibración',
    Static: 'Estática',
    Dynamic: 'Dinámica',
    'Static + dynamic': 'Estática + dinámica',
    Initialization: 'Inicialización',
    Technician: 'Técnico',
    Date: 'Fecha',
    'not recorded': 'no registrado',
    'Needs attention': 'Requiere atención',
    'No systems were recorded for this inspection.': 'No se registraron sistemas en esta inspección.',
    Line: 'Línea',
    'Repair lines that trigger calibrations': 'Líneas de reparación que requieren calibración',
    'No repair line triggers a calibration.': 'Ninguna línea de reparación requiere calibración.',
    'OEM procedures': 'Procedimientos del fabricante',
    'OEM procedure': 'Procedimiento del fabricante',
    Evidence: 'Evidencias',
    Files: 'Archivos',
    'No photos or files were attached to this inspection.': 'No se adjuntaron fotos ni archivos a esta inspección.',
    Recommendations: 'Recomendaciones',
    [FALLBACK_NOTE]: '[EN]: sin traducción todavía, se muestra en inglés.',
  },
  fr: {
    'Calibration Report': "Rapport d'étalonnage",
    Vehicle: 'Véhicule',
    VIN: 'NIV',
    'RO number': 'Numéro de bon de réparation',
    Insurer: 'Assureur',
    'Inspection date': "Date d'inspection",
    Inspector: 'Inspecteur',
    Note: 'Note',
    'Inspection notes': "Notes de l'inspection",
    'Calibrated by': 'Calibré par',
    Systems: 'Systèmes',
    Passed: 'Conforme',
    'Calibration required': 'Étalonnage requis',
    Calibrated: 'Étalonné',
    Failed: 'Échec',
    'Not applicable': 'Sans objet',
    'Not equipped': 'Non équipé',
    'No result recorded': 'Aucun résultat enregistré',
    Calibration: 'Étalonnage',
    Static: 'Statique',
    Dynamic: 'Dynamique',
    'Static + dynamic': 'Statique + dynamique',
    Initialization: 'Initialisation',
    Technician: 'Technicien',
    Date: 'Date',
    'not recorded': 'non enregistré',
    'Needs attention': 'À traiter',
    'No systems were recorded for this inspection.': "Aucun système n'a été enregistré pour cette inspection.",
    Line: 'Ligne',
    'Repair lines that trigger calibrations': 'Lignes de réparation qui exigent un étalonnage',
    'No repair line triggers a calibration.': "Aucune ligne de réparation n'exige d'étalonnage.",
    'OEM procedures': 'Procédures du constructeur',
    'OEM procedure': 'Procédure du constructeur',
    Evidence: 'Preuves',
    Files: 'Fichiers',
    'No photos or files were attached to this inspection.': "Aucune photo ni aucun fichier n'a été joint à cette inspection.",
    Recommendations: 'Recommandations',
    [FALLBACK_NOTE]: '[EN] : pas encore traduit, affiché en anglais.',
  },
};
