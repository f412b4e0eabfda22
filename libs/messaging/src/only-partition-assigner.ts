import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

const NAME = 'OnlyPartition';

/**
 * For a consumer alone in its group (a reply consumer): it takes only `partition` of each topic
 * it subscribes to, so an instance fetches its own app's replies and no other app's (ADR 0041).
 */
export function onlyPartition(partition: number): PartitionAssigner {
  return () => ({
    name: NAME,
    version: 1,
    assign: async ({ members, topics }) =>
      members.map(({ memberId }) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({
          version: 1,
          assignment: Object.fromEntries(topics.map((topic) => [topic, [partition]])),
          userData: Buffer.alloc(0),
        }),
      })),
    protocol: ({ topics }) => ({ name: NAME, metadata: AssignerProtocol.MemberMetadata.encode({ version: 1, topics, userData: Buffer.alloc(0) }) }),
  });
}
