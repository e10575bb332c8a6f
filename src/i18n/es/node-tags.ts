/** Node Tags (managers): labels with a colour for a company's nodes. */
export const nodeTags = {
  'nodeTags.title': 'Etiquetas de nodo',
  'nodeTags.intro': 'Etiquetas para agrupar nodos, como «Vacunas» o «Sala 3». Una etiqueta en uso no se puede eliminar.',
  'nodeTags.name': 'Nombre',
  'nodeTags.colour': 'Color',
  'nodeTags.nodeCount': 'Nodos',
  'nodeTags.new': 'Nueva etiqueta de nodo',
  'nodeTags.edit': 'Editar etiqueta de nodo',
  'nodeTags.table': 'Etiquetas de nodo',
} as const;
