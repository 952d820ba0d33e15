/** An attribute/value/unit triple on one target, as the backend stores it. */
export interface StoredAvu {
  id: string;
  attribute: string;
  value: string;
  unit: string;
  target_type: string;
  target_id: string;
  created_by: string;
  modified_by: string;
  created_on: number;
  modified_on: number;
}

export interface AvusState {
  /** In the order they were added. */
  avus: Map<string, StoredAvu>;
}

/** An AVU as the backend answers it, with the AVUs attached to it (`attachedTo` finds them). */
export function shownAvu(avu: StoredAvu, attachedTo: (avuId: string) => StoredAvu[]): Record<string, unknown> {
  return {
    id: avu.id,
    attr: avu.attribute,
    value: avu.value,
    unit: avu.unit,
    target_id: avu.target_id,
    created_by: avu.created_by,
    modified_by: avu.modified_by,
    created_on: avu.created_on,
    modified_on: avu.modified_on,
    avus: attachedTo(avu.id).map((attached) => shownAvu(attached, attachedTo)),
  };
}
