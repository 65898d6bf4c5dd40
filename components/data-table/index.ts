/** The one data-table and its parts. See data-table.tsx for what it does; README of the component below. */
export { DataTable, LiveStatus, type DataColumn, type DataTableProps, type Selection } from './data-table';
export { FilterSelect, SearchBox, type FilterOption } from './toolbar';
export { useList, type ListController } from './use-list';
export { ListLink } from './list-link';
export { fetchAllPages, toCsv, downloadText, csvFilename, type CsvColumn, type CsvValue } from './csv';
export { CELL_LINK, OpenCell, Tag, YesNo, dash, yesNo, type TagTone } from './cells';
