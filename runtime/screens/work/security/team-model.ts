/** Teams (server/upstream/teams/routes.ts): the shapes and the member choices of the add-member control. */

/** A member of a team. */
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
 * The people who can be added to `team`: everyone who belongs to some team of the account and not
 * to this one, by name. The upstream offers members no user list (see the Users screen), so people
 * in no team cannot be offered here.
 */
export function addableMembers(teams: readonly Team[], team: Team): TeamMember[] {
  const inTeam = new Set(team.Members.map((member) => member.RecId));
  const people = new Map<number, TeamMember>();
  for (const other of teams)
    for (const member of other.Members) if (!inTeam.has(member.RecId)) people.set(member.RecId, member);
  return [...people.values()].sort((a, b) => a.FullName.localeCompare(b.FullName));
}
