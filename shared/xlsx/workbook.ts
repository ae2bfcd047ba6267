import { spreadsheetErrors } from './errors.js';
import { attributeByLocalName, elementsOf, type XmlAttributes } from './xml-text.js';
import { findEntry, normalisePartName, readEntry, type InflateBudget, type ZipArchive, type ZipEntry } from './zip.js';

export interface FirstSheet {
  date1904: boolean;
  sheet: ZipEntry;
  sharedStrings: ZipEntry | undefined;
  /** The package parts read to get here, for the up-front size check. */
  parts: ZipEntry[];
}

interface Relationship {
  type: string;
  target: string;
}

const utf8 = new TextDecoder('utf-8');

function readXml(zip: ZipArchive, entry: ZipEntry, budget: InflateBudget): string {
  return utf8.decode(readEntry(zip, entry, budget));
}

/** A relationship target as a part name: relative to the source part's folder unless it starts with '/'. */
export function resolveTarget(sourcePart: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // a bare '%' is a literal
  }
  const base = decoded.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(segment);
  }
  return normalisePartName(base.join('/'));
}

function relationshipsOf(zip: ZipArchive, sourcePart: string, budget: InflateBudget, parts: ZipEntry[]): Map<string, Relationship> {
  const folder = sourcePart.split('/').slice(0, -1);
  const file = sourcePart.split('/').at(-1) ?? '';
  const entry = findEntry(zip, [...folder, '_rels', `${file}.rels`].join('/'));
  const relationships = new Map<string, Relationship>();
  if (!entry) return relationships;
  parts.push(entry);
  for (const element of elementsOf(readXml(zip, entry, budget), 'Relationship')) {
    if (element.TargetMode === 'External' || !element.Id || !element.Target) continue;
    relationships.set(element.Id, { type: element.Type ?? '', target: resolveTarget(sourcePart, element.Target) });
  }
  return relationships;
}

/** Relationship types end the same in transitional and strict OOXML, whose namespaces differ. */
const typeIs = (relationship: Relationship, kind: string): boolean => relationship.type.endsWith(`/${kind}`);

function notAWorkbook(zip: ZipArchive): never {
  if (findEntry(zip, 'mimetype') || findEntry(zip, 'content.xml')) throw spreadsheetErrors.ods();
  if (findEntry(zip, 'xl/workbook.bin')) throw spreadsheetErrors.xlsb();
  if (findEntry(zip, 'word/document.xml') || findEntry(zip, 'ppt/presentation.xml')) throw spreadsheetErrors.otherOffice();
  throw spreadsheetErrors.notXlsx();
}

function isTrue(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}

/**
 * The first worksheet in the workbook's own sheet order (workbook.xml <sheets>, mapped to parts through
 * workbook.xml.rels), never a guess like sheet1.xml; chart sheets are passed over.
 */
export function locateFirstSheet(zip: ZipArchive, budget: InflateBudget): FirstSheet {
  const parts: ZipEntry[] = [];
  const root = relationshipsOf(zip, '', budget, parts);
  const office = [...root.values()].find((relationship) => typeIs(relationship, 'officeDocument'));
  const workbookPart = office?.target ?? 'xl/workbook.xml';
  if (workbookPart.endsWith('.bin')) throw spreadsheetErrors.xlsb();
  const workbookEntry = findEntry(zip, workbookPart);
  if (!workbookEntry) notAWorkbook(zip);
  parts.push(workbookEntry);

  const workbook = readXml(zip, workbookEntry, budget);
  const properties: XmlAttributes = elementsOf(workbook, 'workbookPr')[0] ?? {};
  const relationships = relationshipsOf(zip, workbookPart, budget, parts);
  const sharedStringsRel = [...relationships.values()].find((relationship) => typeIs(relationship, 'sharedStrings'));
  const sharedStrings = findEntry(zip, sharedStringsRel?.target ?? `${workbookPart.replace(/[^/]*$/, '')}sharedstrings.xml`);

  for (const sheet of elementsOf(workbook, 'sheet')) {
    const id = attributeByLocalName(sheet, 'id', true);
    const relationship = id === undefined ? undefined : relationships.get(id);
    if (!relationship || !typeIs(relationship, 'worksheet')) continue;
    const entry = findEntry(zip, relationship.target);
    if (!entry) throw spreadsheetErrors.corrupt();
    if (sharedStrings) parts.push(sharedStrings);
    parts.push(entry);
    return { date1904: isTrue(properties.date1904), sheet: entry, sharedStrings, parts };
  }
  throw spreadsheetErrors.noSheet();
}
