import { useState } from 'react';
import Button from '@mui/material/Button';
import ShareIcon from '@mui/icons-material/Share';
import type { Project } from '@metocean/contracts';
import { ProjectAccessDialog } from './AccessDialogs';

/**
 * The share button of the project, downtime and data-validation pages (spec 000 §2.2 'A share button appears
 * on project, downtime and data-validation pages when the user may share'): shown when the server says the
 * caller may share (`canShare`), it opens the team's project access dialog. The one place for the rule.
 */
export function ShareProjectButton({ project }: { project: Project }) {
  const [sharing, setSharing] = useState(false);
  if (!project.canShare) return null;
  return (
    <>
      <Button startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
        Share
      </Button>
      {sharing && (
        <ProjectAccessDialog
          project={{
            id: project.id,
            name: project.name,
            collaborators: project.collaborators,
            expired: project.offerInstance.expired,
          }}
          onClose={() => setSharing(false)}
        />
      )}
    </>
  );
}
