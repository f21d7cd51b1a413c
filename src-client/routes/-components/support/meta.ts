import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Unterstützen`,
  description: msg`Helfen Sie mit Sachspenden, als Unternehmen oder mit einer Spende. Was eine SchoolBox kostet und wohin jeder gespendete Euro fließt – transparent erklärt.`,
};
