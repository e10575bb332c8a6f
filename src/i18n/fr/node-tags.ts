/** Node Tags (managers): labels with a colour for a company's nodes. */
export const nodeTags = {
  'nodeTags.title': 'Étiquettes de nœud',
  'nodeTags.intro': 'Des libellés pour regrouper les nœuds, par exemple « Vaccins » ou « Salle 3 ». Une étiquette utilisée ne peut pas être supprimée.',
  'nodeTags.name': 'Nom',
  'nodeTags.colour': 'Couleur',
  'nodeTags.nodeCount': 'Nœuds',
  'nodeTags.new': 'Nouvelle étiquette de nœud',
  'nodeTags.edit': 'Modifier l’étiquette de nœud',
  'nodeTags.table': 'Étiquettes de nœud',
} as const;
