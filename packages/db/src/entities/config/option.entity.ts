import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One setting (`options`). Values are text: booleans are `true`/`false`, JSON values are JSON
 * text. Rows exist only for settings an admin changed or the seed wrote; readers overlay them on
 * `DEFAULT_OPTIONS`.
 */
@Entity({ name: 'options' })
export class OptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'pk_options' })
  key!: string;

  @Column({ type: 'text', default: '' })
  value!: string;
}
