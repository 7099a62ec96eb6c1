import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { DocumentUploadForm } from "@/features/assets/documents/components/document-upload-form";

/** /documents/new: upload a document. */
export default function DocumentNewScreen() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Upload Document"
        description="The file is encrypted in your browser before it is sent."
        back={{ to: "/documents", label: "Back to documents" }}
      />
      <Card>
        <CardContent className="pt-6">
          <DocumentUploadForm onUploaded={() => navigate("/documents")} />
        </CardContent>
      </Card>
    </div>
  );
}
