/** Teams (server/upstream/teams/routes.ts): the shapes and the member choices of the add-member control. */

export interface TeamMember {
  RecId: number;
  UserUID: string;
  FullName: string;
  Email: string;
}

/** A team with its members. */
export interface Team {
  RecId: number;
  Name: string;
  CreatedAt: string | null;
  Members: TeamMember[];
}

/**
 * The people who can be added to `team`: the account's active users (`GET Teams/Candidates`) who are
 * not in it yet, by name.
 */
export function addableMembers(candidates: readonly TeamMember[], team: Team): TeamMember[] {
  const inTeam = new Set(team.Members.map((member) => member.RecId));
  return candidates
    .filter((candidate) => !inTeam.has(candidate.RecId))
    .sort((a, b) => a.FullName.localeCompare(b.FullName));
}
